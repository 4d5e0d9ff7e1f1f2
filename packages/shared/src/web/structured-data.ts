import type { TPublicBranchInfo } from '../locations/branches.contract';
import { closingTime, formatHour, WEEK_ORDER } from '../locations/schedule';

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export type SocialLinks = { instagramUrl: string | null; facebookUrl: string | null };

/** The anchor of a branch on the Sucursales page (and its LocalBusiness @id). */
export const branchAnchor = (branchId: string) => `sucursal-${branchId}`;

/**
 * Every branch as a schema.org LocalBusiness (name, address, phone, map, opening hours), for the HTML of the pages
 * that list them. Sunday never opens (docs/business-rules.md §9), whatever the schedule says.
 */
export function branchesStructuredData(
  branches: TPublicBranchInfo[],
  { publicUrl, social }: { publicUrl: string; social: SocialLinks },
) {
  const sameAs = [social.instagramUrl, social.facebookUrl].filter((url): url is string => Boolean(url));
  return {
    '@context': 'https://schema.org',
    '@graph': branches.map((branch) => {
      const url = `${publicUrl}/sucursales#${branchAnchor(branch.id)}`;
      return {
        '@type': 'LocalBusiness',
        '@id': url,
        name: `Sala Común ${branch.name}`,
        url,
        ...(branch.description && { description: branch.description }),
        ...(branch.phone && { telephone: `+52 ${branch.phone}` }),
        address: {
          '@type': 'PostalAddress',
          streetAddress: branch.address,
          addressLocality: branch.cityName,
          addressCountry: 'MX',
        },
        ...(branch.mapUrl && { hasMap: branch.mapUrl }),
        image: `${publicUrl}/images/og-sala-comun.png`,
        openingHoursSpecification: WEEK_ORDER.flatMap((index) => {
          const day = index === 0 ? null : branch.schedule[index];
          return day
            ? [
                {
                  '@type': 'OpeningHoursSpecification',
                  dayOfWeek: `https://schema.org/${SCHEMA_DAYS[index]}`,
                  opens: formatHour(day.firstHour),
                  closes: closingTime(day),
                },
              ]
            : [];
        }),
        ...(sameAs.length > 0 && { sameAs }),
      };
    }),
  };
}
