import fs from 'node:fs';
import path from 'node:path';
import en from '@shared/i18n/locales/en.json';
import vi from '@shared/i18n/locales/vi.json';
import ko from '@shared/i18n/locales/ko.json';
import { createI18n, ready } from '@shared/i18n/createI18n';
import { FALLBACK_LANGUAGE, LANGUAGE_LABELS, pickLanguage, SUPPORTED_LANGUAGES } from '@shared/i18n/languages';
import { SERVER_MESSAGES, serverMessage, type ServerMessageKey } from '@shared/i18n/serverMessages';

type Tree = { [key: string]: string | Tree };
const LOCALES: Record<string, Tree> = { en, vi, ko };

/** Every leaf of a translation tree as [dotted key, value]. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]): [string, unknown][] =>
    value !== null && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

const placeholders = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();
const I18NEXT_PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const SERVER_PLACEHOLDER = /\{(\w+)\}/g;

describe('portal translations (en.json, vi.json, ko.json)', () => {
  const enKeys = leaves(en)
    .map(([key]) => key)
    .sort();

  it('has translations for every supported language', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(enKeys.length).toBeGreaterThan(50);
  });

  it.each(['vi', 'ko'])('%s has exactly the keys of en, at every depth', (language) => {
    expect(
      leaves(LOCALES[language])
        .map(([key]) => key)
        .sort(),
    ).toEqual(enKeys);
  });

  it.each(['en', 'vi', 'ko'])('%s has no empty or non-string values', (language) => {
    for (const [key, value] of leaves(LOCALES[language])) {
      expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
      expect({ key, empty: (value as string).trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it.each(['vi', 'ko'])('%s uses the same {{placeholders}} as en for each key', (language) => {
    const translated = new Map(leaves(LOCALES[language]));
    for (const [key, value] of leaves(en)) {
      const expected = placeholders(value as string, I18NEXT_PLACEHOLDER);
      expect({ key, placeholders: placeholders(String(translated.get(key)), I18NEXT_PLACEHOLDER) }).toEqual({ key, placeholders: expected });
    }
  });

  /**
   * Values that are the same in every language: names, codes, formats and placeholders only. Any
   * other VI or KO value equal to its EN one is English left untranslated.
   */
  const SAME_AS_ENGLISH: Record<string, string[]> = {
    both: [
      'common.appName',
      'editor.marksSummary',
      'wordUpload.chosen',
      'reports.reasonLine',
      'student.sectionTime',
      'student.marksOf',
      'student.scoreOf',
      'interop.import.templateCsv',
      'interop.import.templateXlsx',
      'interop.formats.moodle',
      'interop.formats.gift',
      'interop.formats.aiken',
      'interop.formats.csv',
      'interop.formats.xlsx',
      'interop.formats.docx',
    ],
    // "OK" and "E-mail" are the words Vietnamese screens use.
    vi: ['common.ok', 'auth.email'],
    ko: [],
  };

  it.each(['vi', 'ko'])('%s translates every value: none is the English one unless it is a name or a code', (language) => {
    const translated = new Map(leaves(LOCALES[language]));
    const allowed = new Set([...SAME_AS_ENGLISH.both, ...SAME_AS_ENGLISH[language]]);
    // A value of placeholders and punctuation alone ("{{kind}} {{name}}") has nothing to translate.
    const wordless = (value: string) => !/\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, ''));
    const untranslated = leaves(en)
      .filter(([key, value]) => translated.get(key) === value && !wordless(String(value)))
      .map(([key]) => key)
      .filter((key) => !allowed.has(key));
    expect(untranslated).toEqual([]);
    // The list names only keys that exist and are still the same (an entry does not outlive its reason).
    for (const key of allowed) expect({ key, same: translated.get(key) === new Map(leaves(en)).get(key) }).toEqual({ key, same: true });
  });

  /** Latin words a Korean screen may show: product, file format and font names, the options True and False as exports write them, and Section 1 (a default name). */
  const KOREAN_LATIN = new Set(
    (
      'Testforge Word Windows Microsoft Kruti Dev manifest xml LaTeX PDF GPSC Not attempted Enter MathType docx doc PNG JPEG ttf otf ttc woff ' +
      'CSV csv Excel xlsx KR Moodle XML GIFT Aiken QTI JSON zip json losses TAO Canvas txt IST Section True False HWP hwp hwpx'
    ).split(' '),
  );

  it('ko has no English words left in its sentences (only names, formats and the Word format’s own words)', () => {
    const stray = leaves(ko).flatMap(([key, value]) =>
      ((value as string).replace(/\{\{[^}]*\}\}/g, '').match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? [])
        .filter((word) => !KOREAN_LATIN.has(word.replace(/['-]$/, '')))
        .map((word) => `${key}: ${word}`),
    );
    expect(stray).toEqual([]);
  });

  it('has every key the portal and the add-in use literally', () => {
    const namespaces = Object.keys(en).join('|');
    const keyPattern = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z]+)['"\`]`, 'g');
    const root = path.resolve(__dirname, '../..');
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          for (const match of fs.readFileSync(full, 'utf8').matchAll(keyPattern)) used.add(match[1]);
        }
      }
    };
    for (const dir of ['portal/src', 'addin']) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
    expect(used.size).toBeGreaterThan(50);
    // A key with a count may exist only in its plural forms (key_one, key_other).
    const missing = [...used].filter((key) => !enKeys.includes(key) && !enKeys.includes(`${key}_other`));
    expect(missing).toEqual([]);
  });

  it('createI18n translates, interpolates without escaping and falls back to en', () => {
    const i18n = createI18n('vi', { vi, ko });
    expect(i18n.language).toBe('vi');
    expect(i18n.t('auth.signIn')).toBe(vi.auth.signIn);
    expect(i18n.t('auth.orgFound', { name: 'A & B <School>' })).toBe(vi.auth.orgFound.replace('{{name}}', 'A & B <School>'));
    expect(i18n.t('auth.signIn', { lng: 'ko' })).toBe(ko.auth.signIn);
    expect(i18n.options.fallbackLng).toEqual([FALLBACK_LANGUAGE]);
    // Two instances do not share their language.
    expect(createI18n('en').t('auth.signIn')).toBe('Sign in');
    expect(i18n.t('auth.signIn')).toBe(vi.auth.signIn);
  });

  it('Vietnamese and Korean load on first use: ready() waits for the chosen one, changeLanguage for another', async () => {
    const i18n = createI18n('ko');
    expect(i18n.hasResourceBundle('ko', 'translation')).toBe(false);
    await ready(i18n);
    expect(i18n.t('auth.signIn')).toBe(ko.auth.signIn);
    expect(i18n.hasResourceBundle('vi', 'translation')).toBe(false);
    await i18n.changeLanguage('vi');
    expect(i18n.language).toBe('vi');
    expect(i18n.t('auth.signIn')).toBe(vi.auth.signIn);
  });

  it('labels each language in its own language', () => {
    expect(LANGUAGE_LABELS).toEqual({ en: 'English', vi: 'Tiếng Việt', ko: '한국어' });
  });
});

describe('server messages', () => {
  const enKeys = Object.keys(SERVER_MESSAGES.en).sort();

  it('exist for every supported language', () => {
    expect(Object.keys(SERVER_MESSAGES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(['vi', 'ko'] as const)('%s has exactly the keys of en', (language) => {
    expect(Object.keys(SERVER_MESSAGES[language]).sort()).toEqual(enKeys);
  });

  it.each(['en', 'vi', 'ko'] as const)('%s has no empty messages', (language) => {
    for (const [key, value] of Object.entries(SERVER_MESSAGES[language])) {
      expect({ key, empty: typeof value !== 'string' || value.trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it.each(['vi', 'ko'] as const)('%s uses the same {placeholders} as en for each key', (language) => {
    for (const key of enKeys as ServerMessageKey[]) {
      expect({ key, placeholders: placeholders(SERVER_MESSAGES[language][key], SERVER_PLACEHOLDER) }).toEqual({
        key,
        placeholders: placeholders(SERVER_MESSAGES.en[key], SERVER_PLACEHOLDER),
      });
    }
  });

  it('serverMessage fills placeholders, every occurrence, with strings or numbers', () => {
    expect(serverMessage('en', 'accountLocked', { minutes: 15 })).toBe('Too many failed logins for this account. Please try again in 15 minutes.');
    expect(serverMessage('en', 'routeNotFound', { method: 'GET', url: '/nope' })).toBe('There is no API call GET /nope.');
    expect(serverMessage('vi', 'passwordTooShort', { min: 8 })).toBe('Mật khẩu phải có ít nhất 8 ký tự.');
    expect(serverMessage('ko', 'phoneLength', { length: 10 })).toBe('전화번호는 정확히 10자여야 합니다.');
    const body = serverMessage('en', 'callbackBody', { name: 'Ada', email: 'a@x.io', orgCode: 'ORG1', phone: '0123456789' });
    expect(body).toBe('Ada (a@x.io, organisation ORG1) asked for a call back on 0123456789.');
  });

  it('serverMessage keeps placeholders it has no value for, and messages without any unchanged', () => {
    expect(serverMessage('en', 'notFound')).toBe('Not found: {what}.');
    expect(serverMessage('en', 'loggedOut', { unused: 'x' })).toBe('You have been logged out.');
  });

  it('serverMessage falls back to en for an unknown language', () => {
    expect(serverMessage('fr' as never, 'notFound', { what: 'test' })).toBe('Not found: test.');
    expect(serverMessage(undefined as never, 'loggedOut')).toBe(SERVER_MESSAGES.en.loggedOut);
  });

  it('serverMessage falls back to en for a key missing in a language', () => {
    const vi = SERVER_MESSAGES.vi as Partial<Record<ServerMessageKey, string>>;
    const saved = vi.loggedOut;
    delete vi.loggedOut;
    try {
      expect(serverMessage('vi', 'loggedOut')).toBe(SERVER_MESSAGES.en.loggedOut);
    } finally {
      vi.loggedOut = saved;
    }
  });
});

describe('pickLanguage', () => {
  it.each([
    ['vi-VN,vi;q=0.9', 'vi'],
    ['vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7', 'vi'],
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['KO-kr', 'ko'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,ko;q=0.5', 'ko'],
    ['', 'en'],
    ['*', 'en'],
  ])('%j -> %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it('falls back to en without a header', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage(null)).toBe('en');
  });

  it('orders by q-value, not by position', () => {
    expect(pickLanguage('en;q=0.5,ko;q=0.8,vi;q=0.7')).toBe('ko');
    expect(pickLanguage('en;q=0.1, vi')).toBe('vi');
    expect(pickLanguage('ko;q=0.3,vi;q=0.9')).toBe('vi');
  });

  it('keeps header order between equal q-values', () => {
    expect(pickLanguage('ko,vi')).toBe('ko');
    expect(pickLanguage('vi;q=0.8,ko;q=0.8')).toBe('vi');
  });

  it('ignores entries with an unreadable q-value', () => {
    expect(pickLanguage('ko;q=abc,vi;q=0.1')).toBe('vi');
  });
});
