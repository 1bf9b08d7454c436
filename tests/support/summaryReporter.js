// Prints the plain closing line CI reads: "Tests: N passed, N failed", and before it the
// slowest test files, so a run that creeps past its time budget says where the time went.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({
        seconds: (file.perfStats.end - file.perfStats.start) / 1000,
        project: file.displayName?.name ?? '',
        path: file.testFilePath.replace(`${process.cwd()}/`, ''),
      }))
      .filter((file) => Number.isFinite(file.seconds))
      .sort((a, b) => b.seconds - a.seconds);
    const total = files.reduce((sum, file) => sum + file.seconds, 0);
    process.stdout.write(`\nSlowest test files (of ${files.length}, ${Math.round(total)} s of worker time in all):\n`);
    for (const file of files.slice(0, 20)) process.stdout.write(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.project.padEnd(12)} ${file.path}\n`);
    // Each project's share of the worker time: what to look at first when the run grows.
    const byProject = new Map();
    for (const file of files) byProject.set(file.project, (byProject.get(file.project) ?? 0) + file.seconds);
    const shares = [...byProject].sort((a, b) => b[1] - a[1]).map(([project, seconds]) => `${project || '(none)'} ${Math.round(seconds)} s`);
    process.stdout.write(`Worker time by project: ${shares.join(', ')}\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numRuntimeErrorTestSuites;
    const failed = results.numFailedTests + failedSuites;
    process.stdout.write(`\nTests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
module.exports = SummaryReporter;
