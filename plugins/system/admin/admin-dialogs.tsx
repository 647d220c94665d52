import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '4px' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * A titled block of a form for several controls (a Fluent Field would hand its id and label to
 * every control inside it).
 */
export function FormSection(props: { title: string; hint?: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.section} role="group" aria-label={props.title}>
      <Text weight="semibold">{props.title}</Text>
      {props.hint && <Text className={s.hint}>{props.hint}</Text>}
      {props.children}
    </div>
  );
}
