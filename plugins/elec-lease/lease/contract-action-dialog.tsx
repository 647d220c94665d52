import { useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import { expectOk, HttpService, Input, type LeaseContract, useService } from '@tianlu/sdk';
import { errorText, LeasePaths } from './lease-api';

/** What can be done to a contract from its row. */
export type ContractAction = 'renew' | 'giveBack' | 'terminate';

const TITLES: Record<ContractAction, string> = { renew: '续租', giveBack: '还车', terminate: '终止合同' };

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '8px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** 续租 (new end day, rent), 还车 or 终止合同 (with a note) of one contract. */
export function ContractActionDialog(props: { action: ContractAction; contract: LeaseContract; onDone: (c: LeaseContract) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const { action, contract } = props;
  const [endDate, setEndDate] = useState(contract.endDate);
  const [rent, setRent] = useState(String(contract.monthlyRent));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const body = {
      renew: { id: contract.id, endDate, monthlyRent: rent },
      giveBack: { id: contract.id, note },
      terminate: { id: contract.id, note },
    }[action];
    try {
      props.onDone(expectOk(await http.postJson<LeaseContract>(LeasePaths[action], body)));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface aria-label={TITLES[action]}>
        <form onSubmit={(e) => void submit(e)}>
          <DialogBody>
            <DialogTitle>{`${TITLES[action]}：${contract.plateNo}`}</DialogTitle>
            <DialogContent className={s.form}>
              <Text>{`合同 ${contract.contractNo}，租户 ${contract.renterName}，${contract.startDate} 至 ${contract.endDate}，${contract.statusName}`}</Text>
              {action === 'renew' && (
                <>
                  <Field label="新的结束日期" required>
                    <Input type="date" value={endDate} onChange={(_, d) => setEndDate(d.value)} />
                  </Field>
                  <Field label="月租金（元）">
                    <Input value={rent} inputMode="decimal" maxLength={10} onChange={(_, d) => setRent(d.value)} />
                  </Field>
                </>
              )}
              {(action === 'giveBack' || action === 'terminate') && (
                <Field label="备注">
                  <Input value={note} maxLength={200} onChange={(_, d) => setNote(d.value)} />
                </Field>
              )}
              {error && <Text role="alert" className={s.error}>{error}</Text>}
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onClose}>取消</Button>
              <Button appearance="primary" type="submit" disabled={busy}>{`确认${TITLES[action]}`}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
