/** Spec section 9: durations are stored in milliseconds = (hours*60+minutes)*60000. */
export function toDurationMs(hours: number, minutes: number): number {
  return (hours * 60 + minutes) * 60_000;
}

/** The hours and minutes the editor and the library show for a stored duration. */
export function fromDurationMs(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.round(ms / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
