/** A problem with how the benchmark was started (options, missing build): no stack trace needed. */
export class SetupError extends Error {
  override name = "SetupError";
}

/** Runs a benchmark's main function: --help prints usage, failures exit non-zero. */
export async function runCli(usage: string, main: () => Promise<void>): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(usage);
    return;
  }
  try {
    await main();
  } catch (error) {
    console.error(error instanceof SetupError ? error.message : error);
    process.exit(1);
  }
}
