import { useState } from 'react';
import { Button, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ASSET_KIND_DEFINITIONS, expectOk, FormDialog, HttpService, Input, PageSection, PaginationBar, ProfileInput, useService } from '@tianlu/sdk';
import { usePetList } from '../components/use-pet-list';
import { PetApi, type Pet } from '../pet-api';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '12px' },
  card: { display: 'grid', gridTemplateColumns: '64px minmax(0, 1fr)', gap: '4px 10px', padding: '10px', borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground2 },
  photo: { width: '64px', height: '64px', borderRadius: tokens.borderRadiusMedium, objectFit: 'cover', gridRow: 'span 2', background: tokens.colorNeutralBackground3 },
  lines: { display: 'flex', flexDirection: 'column', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  empty: { color: tokens.colorNeutralForeground3 },
});

const PET = ASSET_KIND_DEFINITIONS.pet;

/** 编辑档案: the pet's name and the fields of a pet, with its photo uploaded to the server. */
function ProfileDialog(props: { pet: Pet; onSaved: (pet: Pet) => void; onClose: () => void }) {
  const http = useService(HttpService);
  const [name, setName] = useState(props.pet.name);
  const [profile, setProfile] = useState<Record<string, string>>(Object.fromEntries(PET.fields.map((f) => [f.key, props.pet.profile[f.key] === undefined ? '' : String(props.pet.profile[f.key])])));
  const save = async () => {
    // every field, an emptied one as '': the server keeps what a save leaves out
    const fields = Object.fromEntries(Object.entries(profile).map(([k, v]) => [k, v.trim()]));
    props.onSaved(expectOk(await http.call(PetApi.profile, { vehicleId: props.pet.vehicleId, name: name.trim(), profile: fields })));
  };
  return (
    <FormDialog title="编辑宠物档案" onSubmit={save} onClose={props.onClose}>
      {/* required in words, not natively: the server refuses an empty name in Chinese */}
      <Field label={PET.nameLabel} required hint={PET.nameHint}>
        <Input required={false} aria-required value={name} maxLength={20} onChange={(_, d) => setName(d.value)} />
      </Field>
      {PET.fields.map((f) => (
        <ProfileInput key={f.key} field={f} value={profile[f.key] ?? ''} onChange={(value) => setProfile((p) => ({ ...p, [f.key]: value }))} />
      ))}
    </FormDialog>
  );
}

/** /pet/profiles 宠物档案: each pet's photo and profile, edited here (the photo stored on the server). */
export default function ProfilesPage() {
  const s = useStyles();
  const list = usePetList();
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<Pet>();

  return (
    <PageSection
      title="宠物档案"
      error={list.error}
      onRetry={() => void list.load()}
      filters={
        <Field label="搜索宠物">
          <Input
            value={typed}
            placeholder="名字或终端号"
            onChange={(_, d) => {
              setTyped(d.value);
              list.searchTyped(d.value);
            }}
          />
        </Field>
      }
    >
      <div className={s.grid}>
        {list.rows.map((p) => (
          <article key={p.vehicleId} className={s.card} aria-label={`档案 ${p.name}`}>
            {typeof p.profile.photo === 'string' && p.profile.photo ? <img className={s.photo} src={p.profile.photo} alt={p.name} /> : <span className={s.photo} />}
            <Text weight="semibold">{p.name}</Text>
            <div className={s.lines}>
              <span>{[p.profile.species, p.profile.breed, p.profile.sex].filter(Boolean).join(' · ') || '未填写'}</span>
              <span>{p.profile.birthday ? `生日 ${p.profile.birthday}` : ''}</span>
              <span>{p.terminalNo ? `项圈 ${p.terminalNo}` : '未绑定项圈'}</span>
              <Button size="small" onClick={() => setEditing(p)}>编辑档案</Button>
            </div>
          </article>
        ))}
      </div>
      {list.rows.length === 0 && !list.error && <Text className={s.empty}>{list.loading ? '加载中…' : '暂无宠物'}</Text>}
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} disabled={list.loading} />
      {editing && (
        <ProfileDialog
          pet={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            list.update((pets) => pets.map((p) => (p.vehicleId === saved.vehicleId ? saved : p)));
            setEditing(undefined);
          }}
        />
      )}
    </PageSection>
  );
}
