import { act, fireEvent, screen, within } from '@testing-library/react';
import { dialogOpened } from '../../app/uiSlice';
import { BulkUploadInfoDialog } from './BulkUploadInfoDialog';
import { makeUser, renderWithProviders } from '../../test-utils';

describe('BulkUploadInfoDialog', () => {
  const renderInfo = async (parserVersion: () => Promise<{ link: string; version: string; releaseDate: string }>, language: 'en' | 'vi' | 'ko' = 'en') => {
    const result = renderWithProviders(<BulkUploadInfoDialog />, {
      preloadedAuth: { user: makeUser({ enableViduParser: true }) },
      api: { parserVersion },
      language,
    });
    act(() => {
      result.store.dispatch(dialogOpened('bulkUploadInfo'));
    });
    await screen.findByTestId('bulk-upload-dialog');
    return result;
  };
  const errorToasts = (store: ReturnType<typeof renderWithProviders>['store']) =>
    store
      .getState()
      .ui.toasts.filter((toast) => toast.intent === 'error')
      .map((toast) => [toast.title, toast.body]);

  it('reads the version when it opens and shows it with the release date in the region format; the download is the manifest link', async () => {
    const { api, store } = await renderInfo(async () => ({ link: '/api/v2/parser/manifest.xml', version: '1.2.0.0', releaseDate: '2026-11-22' }));
    expect(api.parserVersion).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Version 1.2.0.0 · released 22 Nov 2026')).toBeInTheDocument();
    const download = screen.getByTestId('addin-download');
    expect(download).toHaveTextContent('Download the Word add-in');
    expect(download).toHaveAttribute('href', '/api/v2/parser/manifest.xml');
    expect(download).toHaveAttribute('download', 'manifest.xml');
    expect(within(screen.getByTestId('addin-install-steps')).getByText(/Insert > Add-ins > My Add-ins > Upload My Add-in/)).toBeInTheDocument();
    expect(screen.getByTestId('word-guide-link')).toHaveAttribute('href', '/help/word-format?lang=en');
    expect(screen.getByTestId('word-guide-link')).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('word-sample-link')).toHaveAttribute('href', '/samples/testforge-word-sample.docx');
    expect(screen.getByTestId('word-sample-link')).toHaveAttribute('download');
    expect(errorToasts(store)).toEqual([]);
  });

  it.each([
    ['vi', '/help/word-format?lang=vi', '/samples/testforge-word-sample.vi.docx'],
    ['ko', '/help/word-format?lang=ko', '/samples/testforge-word-sample.ko.docx'],
  ] as const)('links the guide and the sample in the user’s language (%s)', async (language, guide, sample) => {
    await renderInfo(async () => ({ link: '/api/v2/parser/manifest.xml', version: '1.2.0.0', releaseDate: '2026-11-22' }), language);
    expect(screen.getByTestId('word-guide-link')).toHaveAttribute('href', guide);
    expect(screen.getByTestId('word-sample-link')).toHaveAttribute('href', sample);
  });

  it("says 'Something went wrong' when the download is asked for while the version is still loading", async () => {
    const { store } = await renderInfo(() => new Promise(() => undefined));
    expect(screen.getByTestId('addin-version')).toHaveTextContent('Loading the add-in version…');
    const download = screen.getByTestId('addin-download');
    expect(download).not.toHaveAttribute('href');
    fireEvent.click(download);
    expect(errorToasts(store)).toEqual([['Error', 'Something went wrong']]);
  });

  it("says 'Something went wrong' when the version could not be loaded", async () => {
    const { store } = await renderInfo(async () => {
      throw new Error('offline');
    });
    expect(await screen.findByText('The add-in version could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('addin-download'));
    expect(errorToasts(store)).toEqual([['Error', 'Something went wrong']]);
  });

  it('is translated (Korean), with the date in the Korean locale', async () => {
    await renderInfo(async () => ({ link: '/api/v2/parser/manifest.xml', version: '1.2.0.0', releaseDate: '2026-11-22' }), 'ko');
    expect(await screen.findByText('버전 1.2.0.0 · 2026. 11. 22. 출시')).toBeInTheDocument();
    expect(screen.getByTestId('addin-download')).toHaveTextContent('Word 추가 기능 다운로드');
  });
});
