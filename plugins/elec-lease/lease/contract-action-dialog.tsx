import { useState } from 'react';
import { Field, Text } from '@fluentui/react-components';
import { ElecLeaseApi, expectOk, FormDialog, HttpService, Input, type LeaseContract, useService } from '@tianlu/sdk';

/** What can be done to a contract from its row. */
export type ContractAction = 'renew' | 'giveBack' | 'terminate';

const TITLES: Record<ContractAction, string> = { renew: '续租', giveBack: '还车', terminate: '终止合同' };

/** 续租 (new end day, rent), 还车 or 终止合同 (with a note) of one contract. */
export function ContractActionDialog(props: { action: ContractAction; contract: LeaseContract; onDone: (c: LeaseContract) => void; onClose: () => void }) {
  const http = useService(HttpService);
  const { action, contract } = props;
  const [endDate, setEndDate] = useState(contract.endDate);
  const [rent, setRent] = useState(String(contract.monthlyRent));
  const [note, setNote] = useState('');

  const submit = async () => {
    const answer = action === 'renew'
      ? await http.call(ElecLeaseApi.renew, { id: contract.id, endDate, monthlyRent: rent })
      : await http.call(ElecLeaseApi[action], { id: contract.id, note });
    props.onDone(expectOk(answer));
  };

  return (
    <FormDialog title={`${TITLES[action]}：${contract.plateNo}`} label={TITLES[action]} submitText={`确认${TITLES[action]}`} onSubmit={submit} onClose={props.onClose}>
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
    </FormDialog>
  );
}
