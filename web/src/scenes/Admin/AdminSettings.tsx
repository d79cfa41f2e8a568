import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSettings as Settings, LdapSettings, OssSettings } from '@core/wire';
import { isOn } from '../../api/types.ts';
import { FormField } from '../../components/FormField.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useApiData } from '../../hooks/useApiData.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { notify } from '../../state/notify.ts';
import { AdminSection } from './AdminSection.tsx';
import { SwitchSection } from './SwitchSection.tsx';
import { call } from '../../api/client.ts';

/** The config screen lists up to 1000 items for the home item (spec §9). */
const HOME_ITEM_CHOICES = 1000;
const LDAP_DEFAULTS: LdapSettings = { host: '', port: 389, version: 3, base_dn: '', bind_dn: '', bind_password: '', user_field: 'cn' };
const OSS_DEFAULTS: OssSettings = {
  oss_type: 's3',
  key: '',
  secret: '',
  endpoint: '',
  bucket: '',
  protocol: 'https',
  domain: '',
  addressing: 'auto',
  region: '',
};

interface Form {
  register_open: boolean;
  home_page: number;
  home_item: string;
  upload_quota_mb: number;
  ldap_open: boolean;
  ldap_form: LdapSettings;
  oss_open: boolean;
  oss_setting: OssSettings;
  mcp_enabled: boolean;
  token_never_expire: boolean;
}

function toForm(c: Settings): Form {
  return {
    register_open: isOn(c.register_open),
    home_page: Number(c.home_page ?? 1),
    home_item: String(c.home_item ?? ''),
    upload_quota_mb: Number(c.upload_quota_mb ?? 0),
    ldap_open: isOn(c.ldap_open),
    ldap_form: { ...LDAP_DEFAULTS, ...c.ldap_form },
    oss_open: isOn(c.oss_open),
    oss_setting: { ...OSS_DEFAULTS, ...c.oss_setting },
    // MCP is on and tokens expire unless the administrator said otherwise (issue #23).
    mcp_enabled: isOn(c.mcp_enabled ?? 1),
    token_never_expire: isOn(c.token_never_expire),
  };
}

/** Web settings: registration, home page, storage quota, LDAP, object storage and AI assistants (MCP). Secrets left empty are kept. */
export function AdminSettings() {
  const { t } = useTranslation('admin');
  const config = useApiData(() => call('adminSetting/loadConfig', {}), []);
  const items = useApiData(() => call('adminItem/getList', { is_del: 0, page: 1, count: HOME_ITEM_CHOICES }), []);
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (config.data) setForm(toForm(config.data));
  }, [config.data]);
  // Before the spinner's early return: hooks run on every render. The form exists by the time it submits.
  const { busy, onSubmit } = useSubmit(async () => {
    if (!form) return;
    // A toast, not an inline error: the dropdown that needs a value may be far up the page.
    if (form.home_page === 3 && !form.home_item) return notify('warn', t('settings.homeItemRequired'));
    await call('adminSetting/saveConfig', {
      register_open: form.register_open ? 1 : 0,
      home_page: form.home_page,
      home_item: form.home_item,
      upload_quota_mb: form.upload_quota_mb,
      ldap_open: form.ldap_open ? 1 : 0,
      ldap_form: form.ldap_form,
      oss_open: form.oss_open ? 1 : 0,
      oss_setting: form.oss_setting,
      mcp_enabled: form.mcp_enabled ? 1 : 0,
      token_never_expire: form.token_never_expire ? 1 : 0,
    });
    notify('success', t('common:saved'));
    await config.reload();
  });
  const ldapTest = useSubmit(async () => {
    if (!form) return;
    const result = await call('adminSetting/testLdap', { ldap_form: form.ldap_form });
    notify('success', t('settings.ldapTestOk', { count: result.users }));
  });
  if (!form) return <PageSpinner />;

  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const setLdap = (patch: Partial<LdapSettings>) => set({ ldap_form: { ...form.ldap_form, ...patch } });
  const setOss = (patch: Partial<OssSettings>) => set({ oss_setting: { ...form.oss_setting, ...patch } });
  const ldapPasswordSet = !!config.data?.ldap_form.bind_password_set;
  const ossSecretSet = !!config.data?.oss_setting.secret_set;
  const itemOptions = (items.data?.list ?? []).map((i) => ({ value: String(i.item_id), label: i.item_name }));

  const text = (id: string, label: string, value: string | undefined, onChange: (v: string) => void) => (
    <FormField label={label} htmlFor={id}>
      <InputText id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );

  return (
    <AdminSection id="admin-settings" title={t('menu.settings')}>
      <form className="folio-form" onSubmit={onSubmit}>
        <div className="folio-switch-row">
          <InputSwitch inputId="setting-register" checked={form.register_open} onChange={(e) => set({ register_open: !!e.value })} />
          <label htmlFor="setting-register">{t('settings.registerOpen')}</label>
        </div>

        <fieldset className="folio-field folio-fieldset">
          <legend>{t('settings.homePage')}</legend>
          <div className="folio-radio-column">
            {[1, 2, 3].map((mode) => (
              <label key={mode}>
                <RadioButton inputId={`home-page-${mode}`} name="home-page" checked={form.home_page === mode} onChange={() => set({ home_page: mode })} />
                {t(`settings.homePages.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {form.home_page === 3 && (
          <FormField label={t('settings.homeItem')} htmlFor="setting-home-item">
            <Dropdown
              inputId="setting-home-item"
              value={form.home_item}
              options={itemOptions}
              filter
              placeholder={t('settings.pickItem')}
              onChange={(e) => set({ home_item: e.value as string })}
            />
          </FormField>
        )}

        <FormField label={t('attachments:quota.setting')} htmlFor="setting-upload-quota" hint={t('attachments:quota.settingHint')}>
          <InputNumber
            inputId="setting-upload-quota"
            value={form.upload_quota_mb}
            onValueChange={(e) => set({ upload_quota_mb: e.value ?? 0 })}
            useGrouping={false}
            min={0}
            max={10_000_000}
            suffix=" MB"
          />
        </FormField>

        <SwitchSection
          id="setting-ldap"
          title={t('settings.ldap')}
          label={t('settings.ldapOpen')}
          on={form.ldap_open}
          onChange={(on) => set({ ldap_open: on })}
        >
          {text('ldap-host', t('settings.ldapHost'), form.ldap_form.host, (v) => setLdap({ host: v }))}
          <FormField label={t('settings.ldapPort')} htmlFor="ldap-port">
            <InputNumber
              inputId="ldap-port"
              value={Number(form.ldap_form.port ?? 389)}
              onValueChange={(e) => setLdap({ port: e.value ?? 389 })}
              useGrouping={false}
              min={1}
              max={65535}
            />
          </FormField>
          <FormField label={t('settings.ldapVersion')} htmlFor="ldap-version">
            <Dropdown
              inputId="ldap-version"
              value={Number(form.ldap_form.version ?? 3)}
              options={[2, 3].map((v) => ({ value: v, label: String(v) }))}
              onChange={(e) => setLdap({ version: e.value as number })}
            />
          </FormField>
          {text('ldap-base-dn', t('settings.ldapBaseDn'), form.ldap_form.base_dn, (v) => setLdap({ base_dn: v }))}
          {text('ldap-bind-dn', t('settings.ldapBindDn'), form.ldap_form.bind_dn, (v) => setLdap({ bind_dn: v }))}
          <FormField label={t('settings.ldapBindPassword')} htmlFor="ldap-bind-password" hint={ldapPasswordSet ? t('settings.secretKept') : undefined}>
            <Password
              inputId="ldap-bind-password"
              value={form.ldap_form.bind_password ?? ''}
              onChange={(e) => setLdap({ bind_password: e.target.value })}
              feedback={false}
              toggleMask
              autoComplete="new-password"
            />
          </FormField>
          {text('ldap-user-field', t('settings.ldapUserField'), form.ldap_form.user_field, (v) => setLdap({ user_field: v }))}
          <Button
            type="button"
            id="ldap-test"
            label={t('settings.ldapTest')}
            icon="pi pi-bolt"
            severity="secondary"
            outlined
            loading={ldapTest.busy}
            onClick={() => void ldapTest.submit()}
          />
        </SwitchSection>

        <SwitchSection id="setting-oss" title={t('settings.oss')} label={t('settings.ossOpen')} on={form.oss_open} onChange={(on) => set({ oss_open: on })}>
          <FormField label={t('settings.ossType')} htmlFor="oss-type">
            <Dropdown
              inputId="oss-type"
              value={form.oss_setting.oss_type}
              options={['s3', 'aliyun', 'qiniu'].map((v) => ({ value: v, label: t(`settings.ossTypes.${v}`) }))}
              onChange={(e) => setOss({ oss_type: e.value as OssSettings['oss_type'] })}
            />
          </FormField>
          {text('oss-key', t('settings.ossKey'), form.oss_setting.key, (v) => setOss({ key: v }))}
          <FormField label={t('settings.ossSecret')} htmlFor="oss-secret" hint={ossSecretSet ? t('settings.secretKept') : undefined}>
            <Password
              inputId="oss-secret"
              value={form.oss_setting.secret ?? ''}
              onChange={(e) => setOss({ secret: e.target.value })}
              feedback={false}
              toggleMask
              autoComplete="new-password"
            />
          </FormField>
          {text('oss-endpoint', t('settings.ossEndpoint'), form.oss_setting.endpoint, (v) => setOss({ endpoint: v }))}
          {text('oss-bucket', t('settings.ossBucket'), form.oss_setting.bucket, (v) => setOss({ bucket: v }))}
          <FormField label={t('settings.ossProtocol')} htmlFor="oss-protocol">
            <Dropdown
              inputId="oss-protocol"
              value={form.oss_setting.protocol}
              options={['https', 'http'].map((v) => ({ value: v, label: v }))}
              onChange={(e) => setOss({ protocol: e.value as OssSettings['protocol'] })}
            />
          </FormField>
          {text('oss-domain', t('settings.ossDomain'), form.oss_setting.domain, (v) => setOss({ domain: v }))}
          <FormField label={t('settings.ossAddressing')} htmlFor="oss-addressing">
            <Dropdown
              inputId="oss-addressing"
              value={form.oss_setting.addressing ?? 'auto'}
              options={['auto', 'path', 'virtual'].map((v) => ({ value: v, label: t(`settings.ossAddressings.${v}`) }))}
              onChange={(e) => setOss({ addressing: e.value as OssSettings['addressing'] })}
            />
          </FormField>
          {text('oss-region', t('settings.ossRegion'), form.oss_setting.region, (v) => setOss({ region: v }))}
        </SwitchSection>
        <h3 className="folio-subsection">{t('settings.mcp')}</h3>
        <div className="folio-switch-row">
          <InputSwitch inputId="setting-mcp-enabled" checked={form.mcp_enabled} onChange={(e) => set({ mcp_enabled: !!e.value })} />
          <label htmlFor="setting-mcp-enabled">{t('settings.mcpEnabled')}</label>
        </div>
        <div className="folio-switch-row">
          <InputSwitch inputId="setting-token-never-expire" checked={form.token_never_expire} onChange={(e) => set({ token_never_expire: !!e.value })} />
          <label htmlFor="setting-token-never-expire">{t('settings.tokenNeverExpire')}</label>
        </div>
        <Button type="submit" label={t('common:actions.save')} icon="pi pi-check" loading={busy} />
      </form>
    </AdminSection>
  );
}
