import { useCallback, useEffect, useState } from 'react';
import { Button, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { ASSET_KIND_DEFINITIONS, expectOk, FormDialog, HttpService, Input, Pagination, PaginationBar, ProfileInput, useService } from '@tianlu/sdk';
import { PetApi, type Pet } from '../pet-api';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px 20px', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge },
  bar: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '12px' },
  card: { display: 'grid', gridTemplateColumns: '64px minmax(0, 1fr)', gap: '4px 10px', padding: '10px', borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground2 },
  photo: { width: '64px', height: '64px', borderRadius: tokens.borderRadiusMedium, objectFit: 'cover', gridRow: 'span 2', background: tokens.colorNeutralBackground3 },
  lines: { display: 'flex', flexDirection: 'column', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const PET = ASSET_KIND_DEFINITIONS.pet;
const message = (e: unknown) => (e instanceof Error && e.message ? e.message : '网络异常');

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
const ProfilesPage = observer(function ProfilesPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const [pagination] = useState(() => new Pagination({ pageSize: 20 }));
  const [keyword, setKeyword] = useState('');
  const [pets, setPets] = useState<Pet[]>([]);
  const [editing, setEditing] = useState<Pet>();
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    try {
      const page = expectOk(await http.call(PetApi.list, { ...pagination.query, ...(keyword && { keyword }) }));
      pagination.setTotal(page.total);
      setPets(page.list);
    } catch (e) {
      setError(message(e));
    }
  }, [http, pagination, keyword]);
  useEffect(() => void load(), [load]);

  return (
    <section className={s.page}>
      <Text as="h2" size={500} weight="semibold">宠物档案</Text>
      <div className={s.bar}>
        <Field label="搜索宠物">
          <Input value={keyword} placeholder="名字或终端号" onChange={(_, d) => {
            pagination.setCurrent(1);
            setKeyword(d.value.trim());
          }} />
        </Field>
      </div>
      {error && <Text role="alert" className={s.error}>{error}</Text>}
      <div className={s.grid}>
        {pets.map((p) => (
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
      <PaginationBar pagination={pagination} onChange={() => void load()} />
      {editing && (
        <ProfileDialog
          pet={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setPets((list) => list.map((p) => (p.vehicleId === saved.vehicleId ? saved : p)));
            setEditing(undefined);
          }}
        />
      )}
    </section>
  );
});
export default ProfilesPage;
