/**
 * How every tool of this project launches Chromium: Debian's build (never a downloaded one), with the
 * flags a closed-network, root-run machine needs. Used by Playwright, the screenshots and the benchmark.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
