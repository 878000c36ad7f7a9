import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCan } from '../../hooks/useCan';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { HealthCheck } from '../../schemas/scanner';
import { useScannerStatus } from '../domains/useSolutionScans';
import { isActive, pollWhileActive } from '../domains/scannerModel';

interface DomainSummary {
  id: Identifier;
  canonicalDomain: string;
}

const Verdict = ({ value }: { value: boolean | null }) => {
  const translate = useTranslate();
  if (value === null) return <>{translate('scanner.health.unknown')}</>;
  return (
    <Typography component="span" variant="body2" color={value ? 'success.main' : 'error'}>
      {translate(value ? 'scanner.health.pass' : 'scanner.health.fail')}
    </Typography>
  );
};

const CheckRow = ({ domain, check, unavailable }: { domain: DomainSummary; check: HealthCheck | undefined; unavailable: boolean }) => {
  const translate = useTranslate();
  // ROLE-1: read-only roles see the results, not the action.
  const canWrite = useCan('domains.write');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const run = useMutation({
    mutationFn: () => dataProvider.startHealthCheck(domain.id),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.scanner.healthChecks });
    },
  });
  const done = check?.status === 'succeeded';
  return (
    <>
      <TableRow data-health-domain={domain.canonicalDomain} data-health-status={check?.status ?? 'none'}>
        <TableCell>{domain.canonicalDomain}</TableCell>
        {check?.status === 'failed' ? (
          <TableCell colSpan={4}>
            <Typography variant="body2" color="error">
              {translate(`scanner.failure.${check.failure ?? 'error'}`)}
            </Typography>
          </TableCell>
        ) : isActive(check) ? (
          <TableCell colSpan={4}>{translate('scanner.health.running')}</TableCell>
        ) : (
          <>
            <TableCell>
              <Verdict value={done ? (check.scriptPresent ?? null) : null} />
            </TableCell>
            <TableCell>
              <Verdict value={done ? (check.loadedFirst ?? null) : null} />
            </TableCell>
            <TableCell>
              <Verdict value={done ? (check.bannerShown ?? null) : null} />
            </TableCell>
            <TableCell>
              {done ? (
                check.cookiesBeforeConsent.length === 0 ? (
                  <Verdict value />
                ) : (
                  <Typography component="span" variant="body2" color="error">
                    {check.cookiesBeforeConsent.join(', ')}
                  </Typography>
                )
              ) : (
                <Verdict value={null} />
              )}
            </TableCell>
          </>
        )}
        <TableCell align="right">
          {canWrite ? (
            <Button
              size="small"
              variant="outlined"
              disabled={unavailable || isActive(check) || run.isPending}
              title={unavailable ? translate('scanner.unavailable') : undefined}
              onClick={() => run.mutate()}
            >
              {translate('scanner.health.run')}
            </Button>
          ) : null}
        </TableCell>
      </TableRow>
      {/* PROMISE-5: an older snippet still works; the check says what to do about it. */}
      {done && check.snippet === 'older' ? (
        <TableRow data-older-snippet={domain.canonicalDomain}>
          <TableCell colSpan={6}>
            <Alert severity="warning">{translate('cs.installation.older_snippet', { domain: domain.canonicalDomain })}</Alert>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
};

/** BEYOND-8: the installation health check of each of the solution's domains, on the installation tab. */
export const HealthCheckPanel = ({ solutionId, domains }: { solutionId: Identifier; domains: readonly DomainSummary[] }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const status = useScannerStatus();
  const checks = useQuery({
    queryKey: queryKeys.scanner.solutionHealthChecks(solutionId),
    queryFn: () => dataProvider.getHealthChecks(solutionId),
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });
  const unavailable = status.data?.available === false;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="health-heading" sx={{ p: 2 }}>
      <Typography id="health-heading" variant="h6" component="h3">
        {translate('scanner.health.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(unavailable ? 'scanner.unavailable' : 'scanner.health.intro')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="health-heading">
          <TableHead>
            <TableRow>
              <TableCell>{translate('scanner.health.columns.domain')}</TableCell>
              <TableCell>{translate('scanner.health.columns.script_present')}</TableCell>
              <TableCell>{translate('scanner.health.columns.loaded_first')}</TableCell>
              <TableCell>{translate('scanner.health.columns.banner_shown')}</TableCell>
              <TableCell>{translate('scanner.health.columns.no_cookie_before_consent')}</TableCell>
              <TableCell align="right">{translate('scanner.health.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {domains.map((domain) => (
              <CheckRow
                key={String(domain.id)}
                domain={domain}
                unavailable={unavailable}
                check={checks.data?.find((check) => String(check.domainId) === String(domain.id))}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
};
