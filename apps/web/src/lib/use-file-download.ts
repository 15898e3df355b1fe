import { toaster } from '@shop/ui';
import { useState } from 'react';
import { toastError } from './error-toast';
import { type FileAnswer, type FileEncoding, saveFileAnswer } from './save-file';

/**
 * Query options for a download: asked anew on every click and not kept, because the file is the data as it
 * is now, and a kept answer would hold a whole file in memory after it was saved.
 */
export function freshQuery<Options extends object>(options: Options): Options & { staleTime: 0; gcTime: 0 } {
  return { ...options, staleTime: 0, gcTime: 0 };
}

/**
 * A button's download of a file an API answer carries: `download(...args)` gets the file with `getFile`,
 * saves it and says in a toast when that failed; `loading` is true meanwhile.
 */
export function useFileDownload<Args extends unknown[]>(
  getFile: (...args: Args) => Promise<FileAnswer>,
  {
    encoding,
    errorTitle,
    successTitle,
  }: {
    encoding: FileEncoding;
    /** The toast's title when the file could not be had, e.g. "A letöltés nem sikerült." */
    errorTitle: string;
    /** A toast once the file is saved, where the button alone would leave the user unsure. */
    successTitle?: string;
  },
): { download: (...args: Args) => Promise<void>; loading: boolean } {
  const [loading, setLoading] = useState(false);
  const download = async (...args: Args) => {
    setLoading(true);
    try {
      saveFileAnswer(await getFile(...args), encoding);
      if (successTitle) toaster.success({ title: successTitle });
    } catch (error) {
      toastError(errorTitle, error);
    } finally {
      setLoading(false);
    }
  };
  return { download, loading };
}
