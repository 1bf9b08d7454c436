/**
 * Whether the pane runs inside Word. office.js (Microsoft's CDN) defines `Office`; without it
 * (a plain browser, offline, the tests' blocked CDN) the pane still opens, and only what needs
 * Word is turned off.
 */
export async function whenOfficeReady(): Promise<{ inWord: boolean }> {
  if (typeof Office === 'undefined' || typeof Office.onReady !== 'function') return { inWord: false };
  try {
    const info = await Office.onReady();
    return { inWord: info.host === Office.HostType.Word };
  } catch {
    return { inWord: false };
  }
}
