import type { PageHead } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { useParams } from '@shop/router';
import { useGetCertificateQuery } from './certificates-api';
import { t } from '../strings';

/**
 * `/certificates/:code`'s head (issue 24): «گواهی پایان دوره «…»» and who finished it when, for the
 * link previews a shared certificate gets (Open Graph, Twitter); a revoked one is kept out of
 * search indexes. From the page's own query, so it adds no request.
 * @returns the head, or null while the certificate loads or when it cannot be read
 */
export function useCertificateHead(): PageHead | null {
  const certificate = useGetCertificateQuery(useParams().code ?? '').data?.data;
  if (!certificate) return null;
  return {
    title: t.certificate.title(certificate.product_title),
    description: t.certificate.description(certificate.holder_name, certificate.product_title, formatJalaliDate(certificate.issued_at), certificate.code),
    image: null,
    noindex: certificate.revoked_at !== null,
  };
}
