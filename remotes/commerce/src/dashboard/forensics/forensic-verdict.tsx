import type { ForensicEvidence, ForensicIdentification } from '@shop/contracts';
import { EmailAddress } from '@shop/dashboard-ui';
import { formatClock, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@shop/ui-kit';
import { LinearProgress } from '@shop/ui-kit/lazy';
import { FORENSIC_PATHS } from './forensic-paths';
import { forensicStrings } from './forensic-strings';

const r = forensicStrings.result;

/** Powers of ten as a person says «one in …» (10¹ … 10⁹). */
const ONE_IN = ['ده', 'صد', 'هزار', 'ده هزار', 'صد هزار', 'یک میلیون', 'ده میلیون', 'صد میلیون', 'یک میلیارد'] as const;

/**
 * A bound on naming the wrong account as «one in …» words: the largest power of ten (up to a
 * billion) the bound stays within, or null when it is above one in ten.
 * @example oneInWords(0.0001) // 'ده هزار' («کمتر از یک در ده هزار»)
 */
export function oneInWords(probability: number): string | null {
  let power = 0;
  // `1e-4`, not `10 ** -4`: the power is 0.00009999… and would refuse a bound of exactly 10⁻⁴.
  while (power < ONE_IN.length && probability <= Number(`1e-${power + 1}`)) power += 1;
  return power === 0 ? null : ONE_IN[power - 1]!;
}

/** A share 0–1 as a percent in Persian digits, cut (never rounded up) to two decimals: 0.99995 → «۹۹٫۹۹». */
export function percentOf(share: number): string {
  // The small addend keeps 0.9999 (9998.999… in floating point) at «۹۹٫۹۹».
  return formatNumber(Math.floor(share * 10_000 + 1e-6) / 100);
}

/** A share 0–1 as a whole percent in Persian digits. */
const wholePercent = (share: number) => formatNumber(Math.round(share * 100));

/** A score to two decimals, in Persian digits. */
const scoreOf = (score: number) => formatNumber(Math.round(score * 100) / 100);

/**
 * The scores in a sentence: the named account's (`named`) or the best one's when nobody was named,
 * beside the next best; with one account compared there is no next one to name.
 */
function scoresText({ best_score: best, runner_up_score: next, candidates }: ForensicEvidence, named: boolean): string {
  if (candidates <= 1) return named ? r.soleScore(scoreOf(best)) : r.soleBestScore(scoreOf(best));
  return named ? r.scores(scoreOf(best), scoreOf(next)) : r.bestScores(scoreOf(best), scoreOf(next));
}

/**
 * The evidence in Persian sentences: where the copy starts, how long and how much of the picture,
 * segments and accounts compared, and the scores.
 * @param named whether the identification named an account (the scores are then that account's)
 */
export function EvidenceList({ evidence, named }: { evidence: ForensicEvidence; named: boolean }) {
  const { crop } = evidence;
  const lines = [
    r.startsAt(formatClock(evidence.start_seconds)),
    r.compared(formatClock(evidence.seconds_compared)),
    r.picture(wholePercent(crop.width * crop.height), wholePercent(crop.width), wholePercent(crop.height)),
    r.segments(formatNumber(evidence.segments_used)),
    r.candidates(formatNumber(evidence.candidates)),
    scoresText(evidence, named),
  ];
  return (
    <Box component="section" aria-label={r.evidence}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {r.evidence}
      </Typography>
      <Box component="ul" sx={{ m: 0, ps: 3 }}>
        {lines.map((line) => (
          <Typography component="li" key={line} sx={{ mb: 0.5 }}>
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** A queued or processing identification: what is happening, with the percent compared. */
export function PendingState({ identification }: { identification: ForensicIdentification }) {
  if (identification.status === 'queued') {
    return (
      <Alert severity="info" role="status">
        {r.queued}
      </Alert>
    );
  }
  return (
    <Box role="status">
      <Typography sx={{ mb: 1 }}>{r.processing(formatNumber(identification.progress))}</Typography>
      <LinearProgress variant="determinate" value={identification.progress} aria-label={r.processingLabel} />
    </Box>
  );
}

/** A failed identification: the server's Persian reason and what to do. */
export function FailedState({ identification }: { identification: ForensicIdentification }) {
  return (
    <Alert severity="error">
      <AlertTitle>{r.failed}</AlertTitle>
      {identification.error && <Typography sx={{ mb: 1 }}>{identification.error}</Typography>}
      <Typography variant="body2">{r.failedHint}</Typography>
    </Alert>
  );
}

/** A finished identification that names nobody: why, per reason, and what staff can try. */
export function CannotSayState({ identification }: { identification: ForensicIdentification }) {
  const reason = r.reasons[identification.reason ?? 'too-little-evidence'];
  return (
    <Stack spacing={2} useFlexGap>
      <Alert severity="warning">
        <AlertTitle>{r.cannotSayTitle}</AlertTitle>
        <Typography sx={{ mb: 1 }}>{reason.why}</Typography>
        <Typography variant="body2">{r.noOneNamed}</Typography>
      </Alert>
      <Box component="section" aria-label={r.tryTitle}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
          {r.tryTitle}
        </Typography>
        <Typography>{reason.tryThis}</Typography>
      </Box>
      {identification.evidence && <EvidenceList evidence={identification.evidence} named={false} />}
    </Stack>
  );
}

/** The bound on a wrong name in plain words, or as a percent when it is above one in ten. */
const falseNameText = (bound: number) => {
  const words = oneInWords(bound);
  return words ? r.falseName(words) : r.falseNameShare(percentOf(bound));
};

/** A named account: who, how sure (confidence in Persian digits and the bound on a wrong name in words), and the evidence. */
export function IdentifiedState({ identification }: { identification: ForensicIdentification }) {
  const user = identification.user!;
  const bound = identification.false_name_probability ?? identification.evidence?.false_name_bound ?? null;
  return (
    <Stack spacing={2} useFlexGap>
      <Paper variant="outlined" component="section" aria-label={r.identifiedTitle} sx={{ p: 2, borderRadius: 3, borderColor: 'error.main' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {r.identifiedTitle}
        </Typography>
        <Stack spacing={0.5} useFlexGap sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{user.full_name}</Typography>
          <EmailAddress email={user.email} />
          <Box>
            <Button component={Link} to={FORENSIC_PATHS.user(user.id)} size="small" sx={{ px: 0 }}>
              {r.userPage}
            </Button>
          </Box>
        </Stack>
        <Stack spacing={0.5} useFlexGap sx={{ mt: 2 }}>
          {identification.confidence !== null && <Typography sx={{ fontWeight: 600 }}>{r.confidence(percentOf(identification.confidence))}</Typography>}
          {bound !== null && <Typography color="text.secondary">{falseNameText(bound)}</Typography>}
        </Stack>
      </Paper>
      {identification.evidence && <EvidenceList evidence={identification.evidence} named />}
    </Stack>
  );
}
