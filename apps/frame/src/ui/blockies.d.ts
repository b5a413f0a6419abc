/** Types of `@download/blockies` (the package ships none). */
declare module '@download/blockies' {
  /** Options of a blocky identicon; `seed` decides every pixel and colour. */
  export type BlockiesOptions = {
    seed?: string;
    size?: number;
    scale?: number;
    color?: string;
    bgcolor?: string;
    spotcolor?: string;
  };
  /** A 2D-context-like target: only `fillStyle` and `fillRect` are used. */
  export type BlockiesCanvas = {
    width: number;
    height: number;
    getContext(kind: '2d'): { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void } | null;
  };
  /** Draws the identicon of `opts.seed` on `canvas` and returns it. */
  export function renderIcon<T extends BlockiesCanvas>(opts: BlockiesOptions, canvas: T): T;
}
