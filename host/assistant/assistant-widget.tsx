import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { BotRegular, DismissRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useService } from '../../sdk/react/use-service';
import { MessageBus } from '../../sdk/services/message-bus';
import { AssistantStoreToken } from '../app/host-tokens';
import { runAssistantAction, type AssistantActionPayload } from './assistant-actions';
import { ASSISTANT_APP_TYPE, ASSISTANT_QUESTIONS, ASSISTANT_RIGHT_PX } from './assistant-questions';

const useStyles = makeStyles({
  wrapper: { position: 'fixed', right: `${ASSISTANT_RIGHT_PX}px`, bottom: '24px', zIndex: 1300, display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  panel: {
    width: '360px',
    height: '520px',
    marginBottom: '10px',
    display: 'flex',
    flexDirection: 'column',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow28,
    overflow: 'hidden',
  },
  head: { display: 'flex', alignItems: 'center', padding: '8px 12px', color: '#fff', background: 'var(--tl-primary)', fontWeight: 600 },
  grow: { flex: 1 },
  frame: { flex: 1, border: 'none', width: '100%' },
  questions: { display: 'flex', flexWrap: 'wrap', gap: '6px', padding: '8px', maxHeight: '132px', overflowY: 'auto', borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  fab: { width: '52px', height: '52px', borderRadius: '50%', boxShadow: tokens.shadow16 },
});

function scriptOnce(src: string): Promise<void> {
  const existing = [...document.querySelectorAll<HTMLScriptElement>('script[data-assistant]')].find((el) => el.dataset.assistant === src);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const el = existing ?? Object.assign(document.createElement('script'), { src, async: true });
    el.dataset.assistant = src;
    el.addEventListener('load', () => ((el.dataset.loaded = '1'), resolve()));
    el.addEventListener('error', () => reject(new Error(`assistant script failed: ${src}`)));
    if (!existing) document.head.appendChild(el);
  });
}

/**
 * The AI assistant: injects its script, then shows a chat window (aiUrl) with the suggested
 * questions. Text-button actions of answers arrive as window messages and go through the bus.
 */
const AssistantWidget = observer(function AssistantWidget(props: { aiUrl: string; aiScriptUrl: string; chatLogo?: string }) {
  const s = useStyles();
  const store = useService(AssistantStoreToken);
  const bus = useService(MessageBus);
  const tipsSlot = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    scriptOnce(props.aiScriptUrl)
      .then(() => live && store.setReady(tipsSlot.current))
      .catch((e: unknown) => console.warn('[tianlu] assistant unavailable', e));
    return () => {
      live = false;
      store.setReady(null);
    };
  }, [props.aiScriptUrl, store]);

  useEffect(() => {
    const run = (action: string, payload?: AssistantActionPayload) => runAssistantAction(bus, action, payload);
    const onMessage = (e: MessageEvent) => {
      const d = e.data as { type?: string; action?: string; payload?: AssistantActionPayload } | null;
      if (d?.type === 'tianlu.assistant.action' && d.action) run(d.action, d.payload);
    };
    window.addEventListener('message', onMessage);
    (window as unknown as { tianluAssistant?: unknown }).tianluAssistant = { runAction: run };
    return () => window.removeEventListener('message', onMessage);
  }, [bus]);

  const src = `${props.aiUrl}${props.aiUrl.includes('?') ? '&' : '?'}tag=${ASSISTANT_APP_TYPE}&appType=${ASSISTANT_APP_TYPE}`;
  const ask = (q: string) => frame.current?.contentWindow?.postMessage({ type: 'tianlu.assistant.ask', question: q }, '*');

  return (
    <div className={s.wrapper} data-testid="assistant-wrapper">
      <div ref={tipsSlot} />
      {open && (
        <section className={s.panel} aria-label="智能助手">
          <div className={s.head}>
            <span className={s.grow}>智能助手</span>
            <Button appearance="transparent" style={{ color: '#fff' }} icon={<DismissRegular />} aria-label="收起助手" onClick={() => setOpen(false)} />
          </div>
          <iframe ref={frame} className={s.frame} src={src} title="智能助手" />
          <div className={s.questions}>
            {ASSISTANT_QUESTIONS.map((q) => (
              <Button key={q} size="small" shape="circular" onClick={() => ask(q)}>
                {q}
              </Button>
            ))}
          </div>
        </section>
      )}
      <Button
        className={s.fab}
        appearance="primary"
        aria-label="智能助手"
        icon={props.chatLogo ? <img src={props.chatLogo} alt="" width={28} height={28} style={{ borderRadius: '50%' }} /> : <BotRegular fontSize={26} />}
        onClick={() => setOpen(!open)}
      />
    </div>
  );
});
export default AssistantWidget;
