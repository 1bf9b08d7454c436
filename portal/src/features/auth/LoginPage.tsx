import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppLink } from '../../app/AppLink';
import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { login, whitelabelLogin } from './authSlice';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useApi } from '../../app/apiContext';
import { DEFAULT_PATH } from '../../app/routes';
import { AuthLayout, useAuthFormStyles, useBrandButtonClass, type AuthBranding } from './AuthLayout';

/** Where to go after login: the remembered path (with its query), else /home. */
function takeRedirect(): string {
  const wanted = localStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
  localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  return wanted && wanted.startsWith('/') && !wanted.startsWith('/auth') && !wanted.startsWith('/logout') ? wanted : DEFAULT_PATH;
}

export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const api = useApi();
  const formClass = useAuthFormStyles();
  const [params] = useSearchParams();
  const { token, user, status, error } = useAppSelector((state) => state.auth);
  // The code from a branded link (/auth?org=CODE), else the one this browser signed in with last.
  const [initialOrg] = useState(() => (params.get('org') ?? localStorage.getItem(STORAGE_KEYS.lastOrgCode) ?? '').trim().slice(0, 64));
  const [orgCode, setOrgCode] = useState(initialOrg);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [branding, setBranding] = useState<AuthBranding | null>(null);
  const lookup = useRef(0);
  const checkedCode = useRef<string | null>(null);
  const brandButton = useBrandButtonClass(branding);
  const [orgUnknown, setOrgUnknown] = useState(false);
  const [touched, setTouched] = useState(false);
  const wlToken = params.get('wl-access-token');
  const wlStarted = useRef(false);

  // White-label sites send their users here with ?wl-access-token=...
  useEffect(() => {
    if (wlToken && !wlStarted.current && !token) {
      wlStarted.current = true;
      void dispatch(whitelabelLogin(wlToken));
    }
  }, [wlToken, token, dispatch]);

  useEffect(() => {
    if (token && user) {
      localStorage.setItem(STORAGE_KEYS.lastOrgCode, user.organization.code);
      navigate(takeRedirect(), { replace: true });
    }
  }, [token, user, navigate]);

  /** The organisation of the code: its name, then its login settings (logo, colour, welcome line). */
  const checkOrg = async (value: string) => {
    const code = value.trim();
    if (code === checkedCode.current) return;
    checkedCode.current = code;
    const current = ++lookup.current;
    setBranding(null);
    setOrgUnknown(false);
    if (!code) return;
    try {
      const org = await api.verifyOrg(code);
      // Branding is a nicety: without it the page still signs in.
      const settings = await api.orgLoginSettings(org.orgId).catch(() => null);
      if (current !== lookup.current) return;
      setBranding({ name: org.name, logoUrl: settings?.logoUrl ?? null, brandColor: settings?.brandColor ?? null, welcome: settings?.welcome ?? null });
    } catch {
      if (current === lookup.current) setOrgUnknown(true);
    }
  };

  useEffect(() => {
    if (initialOrg && !wlToken) void checkOrg(initialOrg);
    // Once, for the code the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Signed in: the effect above goes to the remembered path (or /home).
  if (token && user) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!orgCode.trim() || !email.trim() || !password) return;
    void dispatch(login({ orgCode: orgCode.trim(), email: email.trim(), password }));
  };

  const busy = status === 'start';
  const required = (value: string) => (touched && !value.trim() ? t('errors.required') : undefined);

  if (wlToken && status !== 'fail') {
    return (
      <AuthLayout title={t('auth.title')}>
        <Spinner label={t('auth.whitelabelSigningIn')} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.title')} intro={t('auth.subtitle')} branding={branding}>
      <form className={formClass} onSubmit={submit} noValidate>
        {status === 'fail' && error && (
          <MessageBar intent="error" data-testid="login-error">
            <MessageBarBody>{wlToken ? t('auth.whitelabelFailed') : error}</MessageBarBody>
          </MessageBar>
        )}
        <Field
          label={t('auth.orgCode')}
          required
          validationMessage={required(orgCode) ?? (orgUnknown ? t('auth.orgUnknown') : undefined)}
          validationState={branding ? 'success' : undefined}
          hint={branding ? t('auth.orgFound', { name: branding.name }) : undefined}
        >
          <Input
            name="orgCode"
            value={orgCode}
            onChange={(_, d) => setOrgCode(d.value)}
            onBlur={() => void checkOrg(orgCode)}
            autoComplete="organization"
            autoFocus={!initialOrg}
          />
        </Field>
        <Field label={t('auth.email')} required validationMessage={required(email)}>
          <Input name="email" type="email" value={email} onChange={(_, d) => setEmail(d.value)} autoComplete="username" autoFocus={Boolean(initialOrg)} />
        </Field>
        <Field label={t('auth.password')} required validationMessage={required(password)}>
          <Input name="password" type="password" value={password} onChange={(_, d) => setPassword(d.value)} autoComplete="current-password" />
        </Field>
        <Button appearance="primary" type="submit" className={brandButton} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
        <Caption1>
          <AppLink to="/forgotPassword">{t('auth.forgotPassword')}</AppLink>
        </Caption1>
      </form>
    </AuthLayout>
  );
}
