import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Scan } from '../../schemas/scanner';
import { adviceKey, checkingProgress, queueText, scanPages, stoppedEarly, visitPercent } from './scanProgressModel';

const Waiting = ({ scan }: { scan: Scan }) => {
  const translate = useTranslate();
  const { key, position } = queueText(scan.queuePosition);
  const text = translate(key, { position });
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2">{text}</Typography>
      <LinearProgress variant="indeterminate" aria-label={text} />
    </Box>
  );
};

const Running = ({ scan, stopping }: { scan: Scan; stopping: boolean }) => {
  const translate = useTranslate();
  const pages = scanPages(scan);
  const checking = checkingProgress(scan);
  const text = pages ? translate('scanner.progress.pages', { checked: pages.checked, planned: pages.planned }) : translate('scanner.progress.starting');
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2">{stopping ? translate('scanner.progress.stopping') : text}</Typography>
      {checking && !stopping ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('scanner.progress.checking', { ...checking, state: translate(`scanner.states.${checking.state}`) })}
        </Typography>
      ) : null}
      <LinearProgress variant="determinate" value={visitPercent(scan)} aria-label={text} />
    </Box>
  );
};

const Failed = ({ scan }: { scan: Scan }) => {
  const translate = useTranslate();
  const pages = scanPages(scan);
  return (
    <Box sx={{ maxWidth: 320 }}>
      <Typography variant="body2" color="error">
        {translate(`scanner.failure.${scan.failure ?? 'error'}`)}
      </Typography>
      {stoppedEarly(scan) && pages ? (
        <Typography variant="body2">{translate('scanner.progress.stopped', { checked: pages.visited, planned: pages.planned })}</Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(adviceKey(scan.failure))}
      </Typography>
    </Box>
  );
};

/**
 * SCAN-7: the latest scan in words: its place in the queue, its pages (not page visits) and the
 * consent state being checked, a stop that kept its findings, a failure's reason and what to do.
 */
export const ScanProgress = ({ scan, stopping = false }: { scan: Scan; stopping?: boolean }) => {
  const translate = useTranslate();
  if (scan.status === 'queued') return <Waiting scan={scan} />;
  if (scan.status === 'running') return <Running scan={scan} stopping={stopping} />;
  if (scan.status === 'failed') return <Failed scan={scan} />;
  return <Typography variant="body2">{translate('scanner.status.succeeded', { count: scan.cookies.length })}</Typography>;
};
