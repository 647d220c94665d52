import type { CSSProperties } from 'react';
import { Button, Field } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { Input } from './text-input';

/** Props of {@link KeywordField}. */
export interface KeywordFieldProps {
  /** The text typed so far (the draft, not yet searched). */
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field searches, as 查询 does. */
  onSearch: () => void;
  /** The field's label; default 关键词. */
  label?: string;
  /** What the keyword matches (合同编号、车牌 …). */
  placeholder?: string;
  maxLength?: number;
  /** A magnifier before the text (default); false for a plain input. */
  icon?: boolean;
  style?: CSSProperties;
}

/** The keyword field of a filter row: a labelled input whose Enter searches. */
export function KeywordField(props: KeywordFieldProps) {
  return (
    <Field label={props.label ?? '关键词'}>
      <Input
        style={props.style}
        maxLength={props.maxLength}
        value={props.value}
        placeholder={props.placeholder}
        contentBefore={props.icon === false ? undefined : <SearchRegular />}
        onChange={(_, d) => props.onChange(d.value)}
        onKeyDown={(e) => e.key === 'Enter' && props.onSearch()}
      />
    </Field>
  );
}

/** Props of {@link SearchButtons}. */
export interface SearchButtonsProps {
  onSearch: () => void;
  /** When given, 重置 follows 查询 and calls it. */
  onReset?: () => void;
  /** A magnifier on 查询. */
  icon?: boolean;
}

/** The buttons that end a filter row: 查询 (primary), and 重置 when the row can be cleared. */
export function SearchButtons(props: SearchButtonsProps) {
  return (
    <>
      <Button appearance="primary" icon={props.icon ? <SearchRegular /> : undefined} onClick={props.onSearch}>
        查询
      </Button>
      {props.onReset && <Button onClick={props.onReset}>重置</Button>}
    </>
  );
}
