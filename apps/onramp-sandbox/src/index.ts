export {
  startOnrampSandbox,
  SANDBOX_TEST_CARD,
  SANDBOX_DECLINED_CARD,
  type OnrampSandbox,
  type OnrampSandboxOptions,
  type SandboxChain,
} from './sandbox.ts';
