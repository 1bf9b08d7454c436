/**
 * Rendering helpers for the portal's component tests, in the style of Redux's official
 * template: a real store (makeStore), the API context, i18next, Fluent and a memory router
 * around the component. The API is a set of jest.fn() returning promises; the real server
 * is exercised by the API and browser tests.
 */
import type { ReactElement, ReactNode } from 'react';
import { fireEvent, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createDOMRenderer, FluentProvider, RendererProvider, webLightTheme } from '@fluentui/react-components';
import type { i18n as I18n } from 'i18next';
import type { Endpoints } from '@shared/api/endpoints';
import type { AuthUser } from '@shared/api/types';
import { DEFAULT_TEST_SETTINGS } from '@shared/domain/testSettings';
import { createI18n } from '@shared/i18n/createI18n';
import ko from '@shared/i18n/locales/ko.json';
import vi from '@shared/i18n/locales/vi.json';
import type { Language } from '@shared/i18n/languages';
import { loadCurrentUser } from './features/auth/authSlice';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { ApiContext } from './app/apiContext';
import { makeStore, type AppStore } from './app/store';

// jsdom lacks a few browser APIs Fluent (and its positioning / overflow code) reaches for.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

// React Router 6 warns once about v7 behaviour the portal has not opted into (main.tsx neither).
const consoleWarn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('React Router Future Flag Warning')) return;
  consoleWarn(...args);
};

/**
 * Fluent's styles, as far as the tests need them. jsdom's getComputedStyle matches every style
 * rule against an element and each of its ancestors, and testing-library's role queries call it
 * to find what is hidden: with Fluent's thousands of atomic rules, those queries took most of a
 * test's time. Only a rule that hides an element changes what a test can find, so only those go in.
 */
const hidingStyles = createDOMRenderer(typeof document === 'undefined' ? undefined : document, {
  unstable_filterCSSRule: (rule) => /display:\s*none|visibility:\s*hidden/.test(rule),
});

/** An in-memory Storage, so tests neither share nor leave state in window.localStorage. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** A complete AuthUser (spec section 3); override what a test is about. */
export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    _id: 'u1',
    userId: 'u1',
    name: 'Ada Teacher',
    email: 'ada@example.com',
    contact: { countryCode: '+91', mobile: '9999999999' },
    role: ['teacher'],
    allowSharing: true,
    organization: { id: 'o1', code: 'ORG1', name: 'Example School' },
    allowGpscType: false,
    whitelabelId: null,
    isFirstLogin: false,
    isSharedGlobal: false,
    isTbTestEnabled: false,
    isBilingualEnabled: false,
    enableViduParser: false,
    isCLPEditor: false,
    cmsTestPreviewUrl: '',
    tbTestPreviewUrl: '',
    cmsPreviewUrl: '',
    tbPreviewUrl: '',
    buildType: 'test',
    region: { dateTimeStamp: 'DD MMM YYYY' },
    orgLocation: null,
    subscriptionEndsAt: '2030-01-31T12:00:00',
    remainingDays: 30,
    showExpiredModal: false,
    showExpiringHeader: false,
    showExpiringModal: false,
    ...overrides,
  };
}

const notSetUp = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not set up by this test`);
};

export type MockApi = { [K in keyof Endpoints]: jest.Mock<ReturnType<Endpoints[K]>, Parameters<Endpoints[K]>> };

/** Every endpoint as a jest.fn() resolving to a harmless value; pass the ones a test controls. */
export function createMockApi(overrides: Partial<Endpoints> = {}): MockApi {
  const user = makeUser();
  const message = { message: 'OK' };
  const defaults: Endpoints = {
    login: async () => ({ token: 'test-token', user }),
    whitelabelLogin: async () => ({ token: 'test-token', user }),
    currentUser: async () => user,
    logout: async () => undefined,
    changePassword: async () => message,
    forgotPassword: async () => message,
    resetPassword: async () => message,
    verifyOrg: async (code) => ({ orgId: 'o1', code, name: 'Example School' }),
    orgLoginSettings: async (orgId) => ({
      orgId,
      code: 'ORG1',
      name: 'Example School',
      whitelabelId: null,
      loginMethods: ['password'],
      logoUrl: null,
      brandColor: null,
      welcome: null,
    }),
    defaultSettings: async () => DEFAULT_TEST_SETTINGS,
    updateDefaultSettings: async (settings) => ({ ...DEFAULT_TEST_SETTINGS, ...settings }),
    clpDefaultSettings: async () => DEFAULT_TEST_SETTINGS,
    reportedCount: async () => 0,
    premiumTutors: async () => [],
    sendSupportNotification: async () => message,
    requestCallBack: async () => message,
    whatsNewSlides: async () => [],
    trash: async () => ({ items: [], total: 0 }),
    restoreTrash: async () => ({ message: 'Restored from the Trash', restored: [] }),
    deleteTrash: async () => ({ message: 'Deleted for good', deletedCount: 0 }),
    folderChildren: async () => ({
      folders: { folderCount: 0, folderArray: [] },
      parentFolderDetail: [],
      tests: { testCount: 0, testsArray: [] },
      recentTests: [],
    }),
    createFolder: async () => {
      throw new Error('createFolder not set up by this test');
    },
    updateFolder: async () => {
      throw new Error('updateFolder not set up by this test');
    },
    moveItems: async () => message,
    deleteItems: async () => message,
    createTest: async () => {
      throw new Error('createTest not set up by this test');
    },
    copyTest: async () => {
      throw new Error('copyTest not set up by this test');
    },
    tags: async () => ({ selfTags: [], globalTags: [] }),
    tutors: async () => [],
    shareFolders: async () => message,
    shareTests: async () => message,
    subjects: async () => [],
    chapters: async () => [],
    createChapter: async () => {
      throw new Error('createChapter not set up by this test');
    },
    batches: async () => [],
    createBatch: async () => {
      throw new Error('createBatch not set up by this test');
    },
    renameBatch: async () => {
      throw new Error('renameBatch not set up by this test');
    },
    linkTests: async () => message,
    // Test editor calls (shared/api/endpoints.ts, testEndpoints): a test that uses one sets it up.
    getTest: notSetUp('getTest'),
    updateTest: notSetUp('updateTest'),
    sampleReportUrl: notSetUp('sampleReportUrl'),
    uploadPicture: notSetUp('uploadPicture'),
    parserEngines: async () => [
      { id: 'table', name: 'Tables', description: 'One table per question', isDefault: false },
      { id: 'text', name: 'Numbered text', description: 'Numbered questions', isDefault: true },
    ],
    parserVersion: async () => ({ link: '/api/v2/parser/manifest.xml', version: '1.0.0.0', releaseDate: '2026-11-22' }),
    checkFonts: async (faces) => faces.map((face) => ({ face, supported: true })),
    uploadFont: notSetUp('uploadFont'),
    printPdf: notSetUp('printPdf'),
    createSection: notSetUp('createSection'),
    updateSection: notSetUp('updateSection'),
    deleteSection: notSetUp('deleteSection'),
    moveSection: notSetUp('moveSection'),
    uploadDocument: notSetUp('uploadDocument'),
    createQuestions: notSetUp('createQuestions'),
    editQuestion: notSetUp('editQuestion'),
    deleteQuestions: notSetUp('deleteQuestions'),
    reorderRemark: notSetUp('reorderRemark'),
    moveQuestions: notSetUp('moveQuestions'),
    importQuestions: notSetUp('importQuestions'),
    validationCatalogue: async () => [],
    // Free tests (shared/api/freeTests.ts): a test that uses one sets it up.
    sharedTestOf: notSetUp('sharedTestOf'),
    createSharedTest: notSetUp('createSharedTest'),
    updateSharedTest: notSetUp('updateSharedTest'),
    resetFreeTestStudent: notSetUp('resetFreeTestStudent'),
    // The student page (shared/api/students.ts): a test that uses one sets it up.
    studentTest: notSetUp('studentTest'),
    studentIdentify: notSetUp('studentIdentify'),
    studentStart: notSetUp('studentStart'),
    studentRequestCode: notSetUp('studentRequestCode'),
    studentAttempt: notSetUp('studentAttempt'),
    studentSaveAnswer: notSetUp('studentSaveAnswer'),
    studentSubmitSection: notSetUp('studentSubmitSection'),
    studentSubmit: notSetUp('studentSubmit'),
    studentResult: notSetUp('studentResult'),
    reportQuestion: notSetUp('reportQuestion'),
    previewAttempt: notSetUp('previewAttempt'),
    previewResult: notSetUp('previewResult'),
    reportList: async (query) => ({
      reportedQuestions: [],
      total: 0,
      limit: query.limit ?? 20,
      offset: query.offset ?? 0,
      counts: { REPORTED: 0, updateAvailable: 0, resolved: 0 },
      tests: [],
    }),
    resolveReport: async () => ({ message: 'Marked as resolved.', resolvedReports: 1, activeReportedCount: 0 }),
    saveAndResolve: notSetUp('saveAndResolve'),
    previewCorrections: notSetUp('previewCorrections'),
    // Results (shared/api/results.ts): a test that uses one sets it up.
    attempts: notSetUp('attempts'),
    answerSheet: notSetUp('answerSheet'),
    freeTestAnalysis: notSetUp('freeTestAnalysis'),
    resultsSummary: notSetUp('resultsSummary'),
    testAnalysis: notSetUp('testAnalysis'),
    resultsFile: notSetUp('resultsFile'),
    // Questions in and out (shared/api/interop.ts): a test that uses one sets it up.
    interopPreview: notSetUp('interopPreview'),
    interopImport: notSetUp('interopImport'),
    interopExportTest: notSetUp('interopExportTest'),
    interopExportTests: notSetUp('interopExportTests'),
    interopTemplate: notSetUp('interopTemplate'),
  };
  const merged = { ...defaults, ...overrides } as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const api: Record<string, jest.Mock> = {};
  for (const [name, implementation] of Object.entries(merged)) {
    api[name] = jest.isMockFunction(implementation) ? implementation : jest.fn(implementation);
  }
  return api as unknown as MockApi;
}

export interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  /** A signed-in session: the token is put in storage before the store is made, the user loaded into it. */
  preloadedAuth?: { token?: string; user?: AuthUser };
  storage?: Storage;
  /** Endpoints to control; the others resolve to harmless values (see createMockApi). */
  api?: Partial<Endpoints>;
  language?: Language;
  route?: string;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: AppStore;
  api: MockApi;
  i18n: I18n;
  storage: Storage;
}

export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}): RenderWithProvidersResult {
  const { preloadedAuth, storage = new MemoryStorage(), api: overrides, language = 'en', route = '/', ...renderOptions } = options;
  const api = createMockApi(overrides);
  if (preloadedAuth?.user || preloadedAuth?.token) storage.setItem(STORAGE_KEYS.token, preloadedAuth.token ?? 'test-token');
  const store = makeStore({ api, storage });
  // makeStore reads the token from storage; the user arrives the way the app loads it.
  if (preloadedAuth?.user) store.dispatch(loadCurrentUser.fulfilled(preloadedAuth.user, 'preloaded'));
  // Every language at hand: the app loads Vietnamese and Korean on first use, a test need not wait.
  const i18n = createI18n(language, { vi, ko });

  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <ApiContext.Provider value={api}>
          <I18nextProvider i18n={i18n}>
            <RendererProvider renderer={hidingStyles} targetDocument={document}>
              <FluentProvider theme={webLightTheme}>
                <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
              </FluentProvider>
            </RendererProvider>
          </I18nextProvider>
        </ApiContext.Provider>
      </Provider>
    );
  }

  const result: RenderResult = render(ui, { ...renderOptions, wrapper: Wrapper } as RenderOptions);
  return { store, api, i18n, storage, ...result };
}

/** An error as the API client rejects with it: an AxiosError carrying the server's envelope. */
export function apiError(status: number, message?: string, code = 'X'): AxiosError {
  const response = {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: message === undefined ? {} : { message, code },
  } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

export const inputNamed = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
export const typeInto = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
