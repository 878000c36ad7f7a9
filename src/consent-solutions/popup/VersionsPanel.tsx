import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { formatDateTime } from '../../i18n/formatters';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import type { PopupTemplate } from '../../schemas/popupTemplate';
import { TEMPLATE_CODE_FIELDS } from '../../schemas/template';
import { sideBySide } from './popupTemplateModel';

const cell = (text: string | null, tone: 'removed' | 'added' | 'same') => (
  <Box
    component="td"
    sx={{
      verticalAlign: 'top',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
      fontFamily: 'monospace',
      fontSize: 12,
      px: 1,
      width: '50%',
      bgcolor: tone === 'same' || text === null ? undefined : tone === 'removed' ? 'rgba(211, 47, 47, 0.12)' : 'rgba(46, 125, 50, 0.14)',
    }}
  >
    {text ?? ''}
  </Box>
);

const Diff = ({ templateId, from, to }: { templateId: number; from: number; to: number }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const diff = useQuery({ queryKey: queryKeys.popup.diff(templateId, from, to), queryFn: () => dataProvider.diffTemplateVersions(templateId, from, to) });
  if (!diff.data) return null;
  const fields = (['name', ...TEMPLATE_CODE_FIELDS] as const).filter((field) => diff.data.fields[field]);
  if (fields.length === 0) return <Typography variant="body2">{translate('popup.versions.no_difference')}</Typography>;
  return (
    <Stack spacing={2} data-testid="version-diff">
      {fields.map((field) => (
        <Box key={field}>
          <Typography variant="subtitle2" component="h4">
            {field === 'name' ? translate('popup.editor.name') : translate(`popup.editor.fields.${field}`)}
          </Typography>
          <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
            <thead>
              <tr>
                <Box component="th" sx={{ textAlign: 'left', fontSize: 12 }}>
                  {translate('popup.versions.entry', { version: from })}
                </Box>
                <Box component="th" sx={{ textAlign: 'left', fontSize: 12 }}>
                  {translate('popup.versions.entry', { version: to })}
                </Box>
              </tr>
            </thead>
            <tbody>
              {sideBySide(diff.data.fields[field] ?? []).map((row, index) => (
                // Rows have no identity of their own; their order is the diff's.
                <tr key={index}>
                  {cell(row.left, row.kind === 'same' ? 'same' : 'removed')}
                  {cell(row.right, row.kind === 'same' ? 'same' : 'added')}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ))}
    </Stack>
  );
};

interface VersionsPanelProps {
  templateId: number;
  /** Called with the restored template, so the editor shows its content. */
  onRestored: (template: PopupTemplate) => void;
  readOnly: boolean;
}

/** BEYOND-2: every saved version, a side-by-side diff of any two, restore in a click. */
export const VersionsPanel = ({ templateId, onRestored, readOnly }: VersionsPanelProps) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const versions = useQuery({ queryKey: queryKeys.popup.versions(templateId), queryFn: () => dataProvider.getTemplateVersions(templateId) });
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const [confirm, setConfirm] = useState<number | null>(null);
  const restore = useMutation({
    mutationFn: (version: number) => dataProvider.restoreTemplateVersion(templateId, version),
    onSuccess: async (template, version) => {
      notify('popup.versions.restored', { type: 'success', messageArgs: { version, new: template.version } });
      onRestored(template);
      await queryClient.invalidateQueries({ queryKey: queryKeys.popup.versions(templateId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.popupTemplates.all });
    },
  });
  const list = versions.data ?? [];
  const numbers = list.map((v) => v.version);
  const from = pair?.from ?? numbers[1] ?? numbers[0];
  const to = pair?.to ?? numbers[0];
  return (
    <Box component="section" aria-labelledby="versions-heading">
      <Typography id="versions-heading" variant="h6" component="h3">
        {translate('popup.versions.title')}
      </Typography>
      <List dense aria-labelledby="versions-heading">
        {list.map((version) => (
          <ListItem
            key={version.id}
            data-version={version.version}
            secondaryAction={
              readOnly || version.version === numbers[0] ? null : (
                <Button
                  size="small"
                  onClick={() => setConfirm(version.version)}
                  aria-label={`${translate('popup.versions.restore')} ${translate('popup.versions.entry', { version: version.version })}`}
                >
                  {translate('popup.versions.restore')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={translate('popup.versions.entry', { version: version.version })}
              secondary={[
                translate('popup.versions.by', { date: formatDateTime(version.createdAt), author: version.createdBy ?? translate('deploy.provider') }),
                version.restoredFrom === null ? null : translate('popup.versions.restored_from', { version: version.restoredFrom }),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {numbers.length > 1 && from !== undefined && to !== undefined ? (
        <>
          <Stack direction="row" spacing={1} sx={{ my: 1 }}>
            <TextField
              select
              size="small"
              label={translate('popup.versions.from')}
              value={from}
              onChange={(event) => setPair({ from: Number(event.target.value), to })}
            >
              {numbers.map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={translate('popup.versions.to')}
              value={to}
              onChange={(event) => setPair({ from, to: Number(event.target.value) })}
            >
              {numbers.map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Diff templateId={templateId} from={from} to={to} />
        </>
      ) : null}
      <Confirm
        isOpen={confirm !== null}
        title={translate('popup.versions.restore_title', { version: confirm ?? '' })}
        content={translate('popup.versions.restore_content', { version: confirm ?? '' })}
        confirm="popup.versions.restore"
        onConfirm={() => {
          if (confirm !== null) restore.mutate(confirm);
          setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
};
