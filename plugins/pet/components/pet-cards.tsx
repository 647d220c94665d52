import { useEffect, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { CommandFollower, describeCommandResult, expectOk, HttpService, Input, LiveService, PaginationBar, useService, type Command } from '@tianlu/sdk';
import { PetApi, type Pet, type PetAction } from '../pet-api';
import { PetCard, type ActionState } from './pet-card';
import { usePetList } from './use-pet-list';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: '8px', flex: 1, minHeight: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', overflowY: 'auto', flex: 1, minHeight: 0, padding: '2px' },
});

const LABELS: Record<PetAction, string> = { locate: '立即定位', ring: '响铃', light: '灯光', lostMode: '寻宠模式' };

function labelOf(action: PetAction, on: boolean | undefined): string {
  if (action === 'light') return on ? '开灯' : '关灯';
  if (action === 'lostMode') return on ? '开启寻宠模式' : '关闭寻宠模式';
  return LABELS[action];
}

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : '网络异常');

/** How the command went: its status and the collar's answer in Chinese, with the collar's own words. */
function outcomeOf(command: Command): Pick<ActionState, 'statusText' | 'answer' | 'raw'> {
  const { text, raw } = describeCommandResult(command.result);
  return { statusText: command.statusText, answer: text || undefined, raw: raw ?? undefined };
}

/**
 * The pets as cards, a tab of the monitor's side column (paged on the server): each with its photo, battery, last
 * report and place, and the 寻宠 actions with the collar's answer (成功 / 失败 / 超时) as it comes.
 */
export const PetCards = observer(function PetCards(props: { onSelect?: (terminalNo: string) => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const live = useService(LiveService);
  const list = usePetList();
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState<number>();
  const [actions, setActions] = useState<Record<number, ActionState>>({});
  const [lights, setLights] = useState<Record<number, boolean>>({});
  const [busy, setBusy] = useState<number>();

  // each action's command followed until it ends (the collar may answer before action.json does, or while the live channel reconnects)
  const [follower] = useState(() => new CommandFollower({ http, live }));
  useEffect(() => follower.start(), [follower]);

  const act = async (pet: Pet, action: PetAction, on?: boolean) => {
    const label = labelOf(action, on);
    setBusy(pet.vehicleId);
    setActions((all) => ({ ...all, [pet.vehicleId]: { label, statusText: '发送中' } }));
    try {
      const answer = await follower.send(async () => expectOk(await http.call(PetApi.action, { vehicleId: pet.vehicleId, action, ...(on !== undefined && { on }) })));
      setActions((all) => ({ ...all, [pet.vehicleId]: { label, batchId: answer.batchId, statusText: '待发送' } }));
      if (action === 'light') setLights((l) => ({ ...l, [pet.vehicleId]: on ?? true }));
      list.update((pets) => pets.map((p) => (p.vehicleId === answer.pet.vehicleId ? answer.pet : p)));
    } catch (e) {
      setActions((all) => ({ ...all, [pet.vehicleId]: { label, statusText: `失败：${message(e)}` } }));
    } finally {
      setBusy(undefined);
    }
  };

  /** An action as its command stands now. */
  const shown = (a: ActionState | undefined): ActionState | undefined => {
    const command = follower.commands(a?.batchId)[0];
    return a && command ? { ...a, ...outcomeOf(command) } : a;
  };

  return (
    <div className={s.panel}>
      <Input
        size="small"
        placeholder="名字或终端号"
        aria-label="搜索宠物"
        value={typed}
        onChange={(_, d) => {
          setTyped(d.value);
          list.searchTyped(d.value);
        }}
      />
      {list.error && (
        <MessageBar intent="error">
          <MessageBarBody>{list.error}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" appearance="transparent" onClick={() => void list.load()}>
              重试
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={s.list}>
        {list.rows.map((p) => (
          <PetCard
            key={p.vehicleId}
            pet={p}
            selected={selected === p.vehicleId}
            onSelect={() => {
              setSelected(p.vehicleId);
              if (p.terminalNo) props.onSelect?.(p.terminalNo);
            }}
            action={shown(actions[p.vehicleId])}
            lightOn={lights[p.vehicleId] ?? false}
            busy={busy === p.vehicleId}
            onAction={(a, on) => void act(p, a, on)}
          />
        ))}
        {list.rows.length === 0 && !list.error && <Text>{list.loading ? '加载中…' : '暂无宠物'}</Text>}
      </div>
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} disabled={list.loading} />
    </div>
  );
});
