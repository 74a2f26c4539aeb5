/**
 * How the e2e tests and the benchmarks launch Debian's Chromium (never a downloaded browser). The
 * flags let it run as root in a container and keep it from calling hosts this machine cannot
 * reach.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
