import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderShell } from '../test/testShell';
import { ImportDialog, type ImportDialogMessages, type ImportFile, type ImportRunOutcome } from './ImportDialog';

type Result = { changes: string[] };

const MESSAGES: ImportDialogMessages = {
  title: 'Import things',
  choose: 'Choose a file',
  cancel: 'Cancel',
  apply: 'Import',
  place: 'Place',
  problem: 'Problem',
  imported: 'Imported',
  importError: 'Import failed',
};

const setup = (run: (file: ImportFile, dryRun: boolean) => Promise<ImportRunOutcome<Result>>, keepPreviewOnViolations = false) => {
  const onImported = vi.fn();
  const onClose = vi.fn();
  renderShell(
    <ImportDialog<Result>
      open
      onClose={onClose}
      onImported={onImported}
      accept=".csv"
      idPrefix="thing-import"
      messages={MESSAGES}
      run={run}
      renderPreview={(result) => <p role="status">{result.changes.join(', ')}</p>}
      keepPreviewOnViolations={keepPreviewOnViolations}
    />,
  );
  fireEvent.change(screen.getByTestId('thing-import-file'), { target: { files: [new File(['a,b'], 'things.csv', { type: 'text/csv' })] } });
  return { onImported, onClose };
};

describe('ImportDialog', () => {
  it('[BEYOND-5] [ROUTE-18] previews the file as a dry run, then applies the same content', async () => {
    const run = vi.fn(async (_file: ImportFile, dryRun: boolean): Promise<ImportRunOutcome<Result>> => ({
      ok: true,
      result: { changes: dryRun ? ['one'] : [] },
    }));
    const { onImported, onClose } = setup(run);
    expect(screen.getByRole('dialog', { name: 'Import things' })).toHaveAttribute('aria-labelledby', 'thing-import-title');
    expect(await screen.findByRole('status')).toHaveTextContent('one');
    expect(run).toHaveBeenLastCalledWith({ name: 'things.csv', content: 'a,b' }, true);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onImported).toHaveBeenCalledOnce());
    expect(run).toHaveBeenLastCalledWith({ name: 'things.csv', content: 'a,b' }, false);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('[BEYOND-5] [ROUTE-18] offers no apply when nothing would change', async () => {
    setup(async () => ({ ok: true, result: { changes: [] } }));
    await screen.findByRole('status');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it.each([
    [false, 'clears'],
    [true, 'keeps'],
  ])('[BEYOND-5] [ROUTE-18] lists the violations of a refused apply and (keepPreviewOnViolations=%s) %s the preview', async (keep) => {
    const violations = [{ propertyPath: 'row 2', message: 'Bad row', payload: { messageKey: 'no.such.key' } }];
    setup(async (_file, dryRun) => (dryRun ? { ok: true, result: { changes: ['one'] } } : { ok: false, violations }), keep);
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const table = await screen.findByRole('table', { name: 'Problem' });
    expect(table).toHaveTextContent('row 2');
    if (keep) expect(screen.getByRole('status')).toHaveTextContent('one');
    else expect(screen.queryByRole('status')).toBeNull();
  });
});
