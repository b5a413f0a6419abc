/**
 * The wallet-feature views (swap, on-ramp, name registration), one lazy chunk loaded on
 * first use (spec §2 'Optional UI parts load lazily').
 */
export { SwapView } from './swap/SwapView.tsx';
export { OnrampView } from './onramp/OnrampView.tsx';
export { RegisterAccountNameView } from './names/RegisterAccountNameView.tsx';
export { RegisterAccountNameSuccessView } from './names/RegisterAccountNameSuccessView.tsx';
