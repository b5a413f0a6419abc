/** The host SDK version sent to the frame as `FrameConfig.sdkVersion` (semver; matches package.json). */
export const SDK_VERSION = '0.1.0';
