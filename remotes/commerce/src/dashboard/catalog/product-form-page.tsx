import { Formik, Form } from 'formik';
import { skipToken } from '@shop/api-client';
import type { CommentStatus, Product, ProductStatus } from '@shop/contracts';
import { UploadProgress } from '@shop/content-ui';
import { formatToman } from '@shop/format';
import { FormNumberField, FormRadioField, FormRichTextField, FormSlugField, FormStatusAlert, FormSwitchField, FormTextField, FormButtons, FormImageField } from '@shop/forms';
import { IMAGE_EXTENSIONS, IMAGE_MAX_KB, fieldLabels, fileField, productFormSchema } from '@shop/validation';
import { Link } from '@shop/router';
import { Box, Button, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { FormSkeleton, PageHeader, useEditId } from '@shop/dashboard-ui';
import { useGetAdminProductQuery } from './catalog-admin-api';
import { CATALOG_PATHS } from './catalog-paths';
import { InstalmentPlansSection } from './instalment-plans-section';
import { readWholeNumber, useSaveCatalogItem } from './save-catalog-item';
import { QUIZ_PATHS } from '../quizzes/quiz-paths';
import { quizStrings } from '../quizzes/quiz-dashboard-strings';
import { ANALYTICS_PATHS } from '../analytics/analytics-paths';
import { analyticsStrings } from '../analytics/analytics-strings';
import { t } from '../../strings';

/** What the course form holds: the price as typed (Persian digits allowed), the image once chosen. */
export interface ProductFormValues {
  title: string;
  slug: string;
  description: string;
  price: string;
  is_active: boolean;
  product_status: ProductStatus;
  comment_status: CommentStatus;
  forensic_watermark: boolean;
  image: File | null;
}

/** On create the image is required (issue 6 API). */
const createSchema = productFormSchema.shape({
  image: fileField({ required: true, label: fieldLabels.image, maxKb: IMAGE_MAX_KB, extensions: [...IMAGE_EXTENSIONS] }),
});

/** The typed price as the course page will show it («۱۲۰٬۰۰۰ تومان», «رایگان»), or «—» while it is not a number. */
function formatPrice(typed: string): string {
  const price = readWholeNumber(typed);
  return price === null ? '—' : formatToman(price);
}

/** The course form (SPEC §2–§5, issue 6 `ProductForm`), empty for a new course or filled from `product`. */
function ProductForm({ product }: { product: Product | null }) {
  const creating = product === null;
  const save = useSaveCatalogItem<ProductFormValues>(
    { section: 'products', id: product?.id ?? null, tags: ['Product'], listPath: CATALOG_PATHS.products, saved: t.form.savedProduct },
    ({ price, ...values }) => ({ ...values, price: readWholeNumber(price) ?? price }),
  );
  const initialValues: ProductFormValues = {
    title: product?.title ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    is_active: product?.is_active ?? true,
    product_status: product?.product_status ?? 'in-progress',
    comment_status: product?.comment_status ?? 'open',
    forensic_watermark: product?.forensic_watermark ?? true,
    image: null,
  };
  const heading = creating ? t.dashboard.addProduct : t.dashboard.editProduct;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      <PageHeader
        title={heading}
        parents={[{ label: t.dashboard.products, to: CATALOG_PATHS.products }]}
        actions={
          product && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button component={Link} to={QUIZ_PATHS.bank(product.id)} variant="outlined" startIcon={<Icon name="School" />}>
                {quizStrings.links.bank}
              </Button>
              <Button component={Link} to={ANALYTICS_PATHS.of(product.id)} variant="outlined" startIcon={<Icon name="CheckCircle" />}>
                {analyticsStrings.link}
              </Button>
            </Stack>
          )
        }
      />
      <Formik<ProductFormValues>
        initialValues={initialValues}
        initialStatus={{}}
        validationSchema={creating ? createSchema : productFormSchema}
        validateOnBlur
        validateOnChange
        onSubmit={save}
      >
        {({ isSubmitting, values }) => (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Form noValidate aria-label={heading}>
              <Stack spacing={2} useFlexGap>
                <FormTextField name="title" label={t.form.title} />
                <FormSlugField label={t.form.slug} help={t.form.slugHelp} suggestLabel={t.form.suggestSlug} />
                <FormRichTextField name="description" label={t.form.description} help={t.form.descriptionHelp} disabled={isSubmitting} />
                <FormNumberField name="price" label={t.form.price} grouped help={t.form.priceHelp(formatPrice(values.price))} />
                <FormImageField current={product?.image} />
                <FormSwitchField name="is_active" label={t.form.isActive} />
                <FormRadioField name="product_status" label={t.form.productStatus} options={t.status} />
                <FormRadioField name="comment_status" label={t.form.commentStatus} options={t.form.commentStatuses} />
                <FormSwitchField name="forensic_watermark" label={t.form.forensicWatermark} help={t.form.forensicWatermarkHelp} />
              </Stack>
              {isSubmitting && <UploadProgress />}
              <FormStatusAlert />
              <FormButtons cancelTo={CATALOG_PATHS.products} submitting={isSubmitting} />
            </Form>
          </Paper>
        )}
      </Formik>
      {product ? (
        <InstalmentPlansSection product={product} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t.instalmentPlans.afterCreate}
        </Typography>
      )}
    </Box>
  );
}

/**
 * `/dashboard/products/add-product` and `/dashboard/products/:editProductId` (manage-products):
 * the course form, after loading the course when editing (a missing one answers 404 and the
 * shell shows its error page); under it, when editing, the course's plans to buy it in parts
 * (issue 36 item 2).
 */
export default function ProductFormPage() {
  const id = useEditId('editProductId');
  const { data } = useGetAdminProductQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  if (id !== null && !data) return <FormSkeleton />;
  // A new key per course, so formik starts from that course's values.
  return <ProductForm key={id ?? 'new'} product={data?.data ?? null} />;
}
