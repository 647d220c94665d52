import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  frame: {
    display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px 20px', background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2,
  },
  head: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  grow: { flex: 1, margin: 0 },
  filters: { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** A section of an 智能工牌 page: title with its buttons, filters, an error line, then the content. */
export function CardFrame(props: { title: string; tools?: ReactNode; filters?: ReactNode; error?: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <section className={s.frame} aria-label={props.title}>
      <div className={s.head}>
        <Text as="h2" size={500} weight="semibold" className={s.grow}>{props.title}</Text>
        {props.tools}
      </div>
      {props.filters && <div className={s.filters}>{props.filters}</div>}
      {props.error && <Text role="alert" className={s.error}>{props.error}</Text>}
      {props.children}
    </section>
  );
}
