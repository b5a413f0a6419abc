/** The part of solc-js (npm `solc`, no bundled types) the tests use. */
declare module 'solc' {
  const solc: {
    /** Standard JSON input in, standard JSON output out. */
    compile(input: string): string;
    version(): string;
  };
  export default solc;
}
