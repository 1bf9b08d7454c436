import { RELEASE_NOTES, releaseNotesIn } from '@shared/releaseNotes';

/** What's new reads these (issue 17): real notes, newest first, in every UI language. */
describe('release notes', () => {
  it('are dated days, newest first, none in the future', () => {
    const dates = RELEASE_NOTES.map((r) => r.date);
    for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(Date.parse(dates[0])).toBeLessThanOrEqual(Date.now());
  });

  it('say the same number of things in English, Vietnamese and Korean, none empty or repeated', () => {
    expect(RELEASE_NOTES.length).toBeGreaterThanOrEqual(3);
    for (const release of RELEASE_NOTES) {
      const { en, vi, ko } = release.notes;
      expect(en.length).toBeGreaterThan(0);
      expect([vi.length, ko.length]).toEqual([en.length, en.length]);
      for (const note of [...en, ...vi, ...ko]) expect(note.trim().length).toBeGreaterThan(10);
      expect(new Set(en).size).toBe(en.length);
    }
  });

  it('are picked by UI language, English for any other', () => {
    expect(releaseNotesIn('ko')[0].notes).toBe(RELEASE_NOTES[0].notes.ko);
    expect(releaseNotesIn('vi-VN')[0].notes).toBe(RELEASE_NOTES[0].notes.vi);
    expect(releaseNotesIn('fr')[0].notes).toBe(RELEASE_NOTES[0].notes.en);
    expect(releaseNotesIn('en').map((r) => r.date)).toEqual(RELEASE_NOTES.map((r) => r.date));
  });
});
