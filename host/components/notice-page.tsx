import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', minHeight: '360px', alignItems: 'center', justifyContent: 'center', padding: '24px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '12px',
    maxWidth: '460px',
    textAlign: 'center',
    padding: '40px 48px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
  },
  code: { fontSize: '64px', lineHeight: '72px', fontWeight: 700, color: 'var(--tl-primary)', letterSpacing: '4px' },
  text: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', marginTop: '8px' },
});

/** A centred notice (404, 无权限, reload, checkLogin): a big mark, a title, a line and actions. */
export function NoticePage(props: { mark: ReactNode; title: string; text: string; actions?: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.root}>
      <div className={s.card}>
        <div className={s.code} aria-hidden>
          {props.mark}
        </div>
        <Text as="h1" size={600} weight="semibold" style={{ margin: 0 }}>
          {props.title}
        </Text>
        <Text className={s.text}>{props.text}</Text>
        {props.actions && <div className={s.actions}>{props.actions}</div>}
      </div>
    </div>
  );
}
