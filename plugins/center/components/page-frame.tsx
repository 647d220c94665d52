import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  frame: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '20px 24px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minHeight: '200px',
  },
  head: { display: 'flex', alignItems: 'center', gap: '12px' },
  grow: { flex: 1, margin: 0 },
});

/** A centre page: its title, optional tools on the right, then the content. */
export function PageFrame(props: { title: string; tools?: ReactNode; children?: ReactNode }) {
  const s = useStyles();
  return (
    <section className={s.frame}>
      <div className={s.head}>
        <Text as="h2" size={500} weight="semibold" className={s.grow}>
          {props.title}
        </Text>
        {props.tools}
      </div>
      {props.children}
    </section>
  );
}
