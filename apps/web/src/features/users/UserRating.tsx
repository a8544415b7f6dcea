/**
 * "Rating" on a contractor's record (issue 25 section 4): the tenants' ratings of its repairs, for staff and the
 * contractor itself (the record's `rating`, null for everyone else): the stars of the average, "4.5 of 5" and how
 * many ratings it is of, or "No ratings yet".
 */
import { Group, Stack, Text } from '@mantine/core';
import type { ApiUserRecord } from '@mend/shared';
import { DetailSection } from '../../components/details';
import { t } from '../../lib/translations';
import { RatingStars } from '../tickets/signoff/RatingStars';
import { ratingSummaryTexts } from '../tickets/signoff/signoff-rules';

export function UserRating({ rating }: { rating: NonNullable<ApiUserRecord['rating']> }) {
  const texts = ratingSummaryTexts(rating);
  return (
    <DetailSection title={t.ticketScreens.rating.title}>
      {texts.average !== null && rating.average !== null ? (
        <Group gap="sm" wrap="wrap" align="center" data-user-rating={rating.average}>
          <RatingStars value={rating.average} label={texts.average} size="md" />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {texts.average}
            </Text>
            <Text size="xs" c="dimmed">
              {texts.count}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-user-rating="none">
          {texts.count}
        </Text>
      )}
    </DetailSection>
  );
}
