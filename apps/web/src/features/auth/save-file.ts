/** Hands a file made in the browser to the user's downloads under the given name. */
export function saveFile(filename: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel a download the browser has not started reading yet.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Hands a file whose bytes an API answer carries in base64 (PDFs, spreadsheets) to the user's downloads. */
export function saveBase64File(filename: string, base64: string, type: string): void {
  saveFile(
    filename,
    Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
    type,
  );
}
