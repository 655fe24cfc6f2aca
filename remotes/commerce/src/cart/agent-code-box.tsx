import { useId, useState, type FormEvent } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { agentCodeSchema, validate } from '@shop/validation';
import { Box, Button, Icon, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { TextField } from '@shop/ui-kit/lazy';
import { useGetCartAgentQuery, useRemoveCartAgentMutation, useSetCartAgentMutation } from './agent-code-api';
import { agentStrings } from '../agent-strings';

const s = agentStrings.cart;

/** The agent named: «همکار فروش: STAFF10» (the code left to right) and «حذف». */
function NamedAgent({ code }: { code: string }) {
  const [remove, { isLoading: removing }] = useRemoveCartAgentMutation();
  const drop = async () => {
    const result = await remove();
    if (result.data) enqueueSnackbar(result.data.message, { variant: 'success' });
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" role="status">
        {s.named}{' '}
        <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
          {code}
        </Box>
      </Typography>
      <Button size="small" color="error" aria-label={s.removeLabel} startIcon={<Icon name="Close" />} disabled={removing} onClick={() => void drop()}>
        {s.remove}
      </Button>
    </Stack>
  );
}

/**
 * The code field and «ثبت»: the shared rule first (the code upper-cased, any digits), then the
 * server's Persian refusal under the field; `onSaved` once the server took it.
 */
function AgentCodeForm({ id, onSaved }: { id: string; onSaved: () => void }) {
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [save, { isLoading: saving }] = useSetCartAgentMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const checked = await validate(agentCodeSchema, { code });
    if (!checked.ok) {
      setRefusal(checked.errors.code?.[0] ?? s.failed);
      return;
    }
    try {
      const answer = await save(checked.value).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
      onSaved();
    } catch (error) {
      const { message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      setRefusal(fieldErrors.code?.[0] ?? message ?? s.failed);
    }
  };

  return (
    <Stack id={id} component="form" noValidate onSubmit={(event) => void submit(event)} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={s.label}
        name="agent_code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={refusal !== null}
        helperText={refusal ?? s.help}
        size="small"
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', maxLength: 40 } }}
      />
      <Button type="submit" variant="outlined" disabled={saving || code.trim() === ''} sx={{ flexShrink: 0, minHeight: 40 }}>
        {saving ? s.submitting : s.submit}
      </Button>
    </Stack>
  );
}

/**
 * The cart's sales agent (issue 36 item 4): the agent the buyer's link or typed code names,
 * «همکار فروش: STAFF10» with «حذف»; with none, «کد همکار فروش دارید؟», which opens a code field and
 * «ثبت» (closed at first, and again once a code is taken: most buyers have none). A refused code (unknown, inactive, the buyer's own)
 * shows its Persian reason under the field. Checkout reads the agent from the server's cookie, so
 * nothing else in the cart changes.
 */
export function AgentCodeBox() {
  const { data: agent, isLoading } = useGetCartAgentQuery();
  const [open, setOpen] = useState(false);
  const formId = useId();
  if (isLoading) return null;
  if (agent) return <NamedAgent code={agent.code} />;
  return (
    <Stack spacing={1} useFlexGap sx={{ alignItems: 'flex-start' }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        endIcon={<Icon name="ExpandMore" sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        onClick={() => setOpen((was) => !was)}
      >
        {s.open}
      </Button>
      {open && (
        <Box sx={{ width: '100%' }}>
          <AgentCodeForm id={formId} onSaved={() => setOpen(false)} />
        </Box>
      )}
    </Stack>
  );
}
