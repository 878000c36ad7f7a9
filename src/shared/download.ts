/**
 * Offers a file the app has in hand (an export the API answered) as a download, through a
 * temporary object URL, released once the browser has taken the file.
 */
export const download = (content: string | Blob, filename: string, type: string): void => {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
