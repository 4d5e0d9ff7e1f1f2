/** Saves text as a file the browser downloads. */
export function downloadText(text: string, fileName: string, type = 'text/plain;charset=utf-8') {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Saves CSV text (the corte's, a report's) as a file: UTF-8, its byte order mark already in the text. */
export function downloadCsv(csv: string, fileName: string) {
  downloadText(csv, fileName, 'text/csv;charset=utf-8');
}
