import { Form, Formik, setIn, type FormikHelpers } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { SOCIAL_NETWORKS, type SiteInformation, type SiteInformationInput, type SocialNetwork } from '@shop/contracts';
import { DashboardSection, FormSkeleton, PageHeader } from '@shop/dashboard-ui';
import { FormButtons, FormMobileField, FormNumberField, FormRichTextField, FormStatusAlert, FormSwitchField, FormTextField, mobileForApi, showSaveFailure } from '@shop/forms';
import { ADDRESS_MAX, SHORT_DESCRIPTION_MAX, SITE_NAME_MAX, siteInformationSchema } from '@shop/validation';
import { Box, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { FormHelperText } from '@shop/ui-kit/lazy';
import { useGetDashboardSiteInformationQuery, useSaveSiteInformationMutation } from './site-administration-api';
import { t } from '../strings';

/** What the form holds: every text as typed ('' for an empty contact or social link; the VAT rate in any digits), the switches as booleans. */
interface SiteInformationValues {
  site_name: string;
  short_description: string;
  about_me: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  social_links: Record<SocialNetwork, string>;
  comments_enabled: boolean;
  tickets_enabled: boolean;
  selling_enabled: boolean;
  vat_percent: string;
  max_devices: string;
  device_removals_per_month: string;
  max_concurrent_streams: string;
}

/** The playback limits of issue 38, each with what it does. */
const PLAYBACK_FIELDS = [
  { name: 'max_devices', label: t.siteInformation.maxDevices, help: t.siteInformation.maxDevicesHelp },
  { name: 'device_removals_per_month', label: t.siteInformation.deviceRemovals, help: t.siteInformation.deviceRemovalsHelp },
  { name: 'max_concurrent_streams', label: t.siteInformation.maxStreams, help: t.siteInformation.maxStreamsHelp },
] as const;

/** The three site switches of SPEC §1, each with what it does. */
const SWITCHES = [
  { name: 'comments_enabled', label: t.siteInformation.commentsEnabled, help: t.siteInformation.commentsEnabledHelp },
  { name: 'tickets_enabled', label: t.siteInformation.ticketsEnabled, help: t.siteInformation.ticketsEnabledHelp },
  { name: 'selling_enabled', label: t.siteInformation.sellingEnabled, help: t.siteInformation.sellingEnabledHelp },
] as const;

/** The form's values of the stored record. */
function toValues(info: SiteInformation): SiteInformationValues {
  return {
    site_name: info.site_name,
    short_description: info.short_description,
    about_me: info.about_me,
    contact_email: info.contact_email ?? '',
    contact_phone: info.contact_phone ?? '',
    address: info.address ?? '',
    social_links: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, info.social_links[network] ?? ''])) as Record<SocialNetwork, string>,
    comments_enabled: info.comments_enabled,
    tickets_enabled: info.tickets_enabled,
    selling_enabled: info.selling_enabled,
    vat_percent: String(info.vat_percent),
    max_devices: String(info.max_devices),
    device_removals_per_month: String(info.device_removals_per_month),
    max_concurrent_streams: String(info.max_concurrent_streams),
  };
}

/** The request body: texts trimmed, an empty contact as null, empty social links left out, the VAT rate and the playback limits as numbers (empty: their defaults). */
function toBody(values: SiteInformationValues): SiteInformationInput {
  return {
    site_name: values.site_name.trim(),
    short_description: values.short_description.trim(),
    about_me: values.about_me,
    contact_email: values.contact_email.trim() || null,
    contact_phone: mobileForApi(values.contact_phone) || null,
    address: values.address.trim() || null,
    social_links: Object.fromEntries(
      SOCIAL_NETWORKS.flatMap((network) => (values.social_links[network].trim() ? [[network, values.social_links[network].trim()]] : [])),
    ),
    comments_enabled: values.comments_enabled,
    tickets_enabled: values.tickets_enabled,
    selling_enabled: values.selling_enabled,
    ...numbersOf(values),
  };
}

/** The VAT rate and the playback limits as numbers, from the digits typed (any script; empty: their defaults). */
function numbersOf(values: SiteInformationValues): Pick<SiteInformationInput, 'vat_percent' | 'max_devices' | 'device_removals_per_month' | 'max_concurrent_streams'> {
  const { vat_percent, max_devices, device_removals_per_month, max_concurrent_streams } = siteInformationSchema
    .pick(['vat_percent', 'max_devices', 'device_removals_per_month', 'max_concurrent_streams'])
    .cast(values);
  return { vat_percent, max_devices, device_removals_per_month, max_concurrent_streams };
}

/** The API names a social link's error by its path (`social_links.telegram`); formik reads errors and touched as nested objects. */
function nestByPath<T>(flat: Record<string, T>): Record<string, unknown> {
  return Object.entries(flat).reduce<Record<string, unknown>>((nested, [path, value]) => setIn(nested, path, value), {});
}

/** {@link showSaveFailure} with the server's field paths nested, so a social link's 422 shows under its field. */
function showFailure(error: unknown, helpers: FormikHelpers<SiteInformationValues>) {
  const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
  return showSaveFailure(
    { status, message, errors: fieldErrors },
    {
      setStatus: helpers.setStatus,
      setErrors: (errors) => helpers.setErrors(nestByPath(errors as Record<string, string>)),
      setTouched: (touched, validate) => helpers.setTouched(nestByPath(touched as Record<string, boolean>), validate),
    },
  );
}

/** The site information form: identity, about-me, contact details, social links, the switches, the VAT rate and the playback limits. */
function SiteInformationForm({ info }: { info: SiteInformation }) {
  const [save] = useSaveSiteInformationMutation();
  return (
    <Formik<SiteInformationValues>
      initialValues={toValues(info)}
      initialStatus={{}}
      validationSchema={siteInformationSchema}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        try {
          const { data } = await save(toBody(values)).unwrap();
          helpers.resetForm({ values: toValues(data), status: {} });
          enqueueSnackbar(t.siteInformation.saved, { variant: 'success' });
        } catch (error) {
          await showFailure(error, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t.siteInformation.title}>
          <Stack spacing={3} useFlexGap>
            <DashboardSection title={t.siteInformation.identity}>
              <FormTextField name="site_name" label={t.siteInformation.siteName} help={t.siteInformation.siteNameHelp} maxLength={SITE_NAME_MAX} />
              <FormTextField
                name="short_description"
                label={t.siteInformation.shortDescription}
                help={t.siteInformation.shortDescriptionHelp}
                multiline
                minRows={2}
                maxLength={SHORT_DESCRIPTION_MAX}
              />
            </DashboardSection>
            <DashboardSection title={t.siteInformation.aboutMe}>
              <FormRichTextField name="about_me" label={t.siteInformation.aboutMe} help={t.siteInformation.aboutMeHelp} disabled={isSubmitting} />
            </DashboardSection>
            <DashboardSection title={t.siteInformation.contact}>
              <FormTextField name="contact_email" label={t.siteInformation.contactEmail} help={t.siteInformation.optional} type="email" ltr inputMode="email" />
              <FormMobileField name="contact_phone" label={t.siteInformation.contactPhone} help={t.siteInformation.contactPhoneHelp} />
              <FormTextField name="address" label={t.siteInformation.address} help={t.siteInformation.optional} multiline minRows={2} maxLength={ADDRESS_MAX} />
            </DashboardSection>
            <DashboardSection title={t.siteInformation.social} intro={t.siteInformation.socialHelp}>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
                {SOCIAL_NETWORKS.map((network) => (
                  <FormTextField key={network} name={`social_links.${network}`} label={t.siteInformation.networks[network]} ltr autoComplete="url" />
                ))}
              </Box>
            </DashboardSection>
            <DashboardSection title={t.siteInformation.switches} intro={t.siteInformation.switchesIntro}>
              {SWITCHES.map(({ name, label, help }) => (
                <Box key={name}>
                  <FormSwitchField name={name} label={label} />
                  <FormHelperText sx={{ mt: 0, marginInlineStart: 6.5 }}>{help}</FormHelperText>
                </Box>
              ))}
              <FormNumberField name="vat_percent" label={t.siteInformation.vatPercent} help={t.siteInformation.vatPercentHelp} />
            </DashboardSection>
            <DashboardSection title={t.siteInformation.playback} intro={t.siteInformation.playbackIntro}>
              {PLAYBACK_FIELDS.map(({ name, label, help }) => (
                <FormNumberField key={name} name={name} label={label} help={help} />
              ))}
            </DashboardSection>
          </Stack>
          <FormStatusAlert />
          <FormButtons cancelTo="/dashboard" submitting={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

/**
 * `/dashboard/site-information` (SPEC §1, §2; permission `manage-site-information`): the site's
 * name and short description, the about-me text (the rich-text editor), contact email, phone and
 * address, social links (http(s) only), the three switches, each with what it does, the VAT rate
 * prices include, 0–100 (issue 36 item 5), and the playback limits: devices per account, their
 * removals in 30 days and lessons played at once (issue 38) (`GET|PUT /api/dashboard/site-information`). The 422's field errors show under their fields; a
 * save refreshes the site information everywhere, so each switch acts at once.
 */
export default function SiteInformationFormPage() {
  const { data } = useGetDashboardSiteInformationQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data) return <FormSkeleton />;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <PageHeader title={t.siteInformation.title} intro={t.siteInformation.intro} />
      <SiteInformationForm info={data.data} />
    </Box>
  );
}
