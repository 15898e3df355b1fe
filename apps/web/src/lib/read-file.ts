/** A chosen file's bytes as the base64 text the upload procedures take (the data-URL prefix cut off). */
export function readFileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error(`${file.name}: a fájl nem olvasható.`));
    reader.readAsDataURL(file);
  });
}
