// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileAnswer } from './save-file';
import { useFileDownload } from './use-file-download';

const { toastError, toastSuccess, saveFileAnswer } = vi.hoisted(() => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  saveFileAnswer: vi.fn(),
}));
vi.mock('./error-toast', () => ({ toastError }));
vi.mock('@shop/ui', () => ({ toaster: { success: toastSuccess } }));
vi.mock('./save-file', () => ({ saveFileAnswer }));

const FILE: FileAnswer = { filename: 'rendelesek.csv', contentType: 'text/csv', content: 'Szám\n1042\n' };

type Hook = ReturnType<typeof useFileDownload<[]>>;

let root: Root;
let hook: Hook;

/** A component that only uses the hook, keeping what the hook returned on its last render. */
function Probe({ getFile, successTitle }: { getFile: () => Promise<FileAnswer>; successTitle?: string }) {
  hook = useFileDownload(getFile, { encoding: 'text', errorTitle: 'A letöltés nem sikerült.', successTitle });
  return null;
}

function render(getFile: () => Promise<FileAnswer>, successTitle?: string) {
  act(() => root.render(<Probe getFile={getFile} successTitle={successTitle} />));
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.clearAllMocks();
});

describe('useFileDownload', () => {
  it('is loading while the file comes, then saves it as the answer holds it', async () => {
    let resolve!: (answer: FileAnswer) => void;
    const promise = new Promise<FileAnswer>((settle) => {
      resolve = settle;
    });
    render(() => promise);
    expect(hook.loading).toBe(false);

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = hook.download();
    });
    expect(hook.loading).toBe(true);
    expect(saveFileAnswer).not.toHaveBeenCalled();

    await act(async () => {
      resolve(FILE);
      await done;
    });
    expect(saveFileAnswer).toHaveBeenCalledWith(FILE, 'text');
    expect(hook.loading).toBe(false);
    expect(toastError).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('says in a toast that the download failed, with the error, and stops loading', async () => {
    const error = new Error('A rendelés nem található.');
    render(() => Promise.reject(error));
    await act(() => hook.download());
    expect(toastError).toHaveBeenCalledWith('A letöltés nem sikerült.', error);
    expect(saveFileAnswer).not.toHaveBeenCalled();
    expect(hook.loading).toBe(false);
  });

  it('says the file is saved when asked to, and only after saving it', async () => {
    // The hook catches what saving throws, so the order is noted here and checked after.
    let toastsBeforeSaving = -1;
    saveFileAnswer.mockImplementationOnce(() => {
      toastsBeforeSaving = toastSuccess.mock.calls.length;
    });
    render(() => Promise.resolve(FILE), 'Az adataidat letöltöttük.');
    await act(() => hook.download());
    expect(toastsBeforeSaving).toBe(0);
    expect(toastSuccess).toHaveBeenCalledWith({ title: 'Az adataidat letöltöttük.' });
    expect(toastError).not.toHaveBeenCalled();
  });
});
