/**
 * A rating shown, not asked (issue 25): read-only Mantine stars, in tenths for an average ("4.5 of 5"), named by
 * their words for those who do not see them ("5 of 5 stars"). The ticket's sign-off, the signed link's page and a
 * contractor's record show them.
 */
import { Rating } from '@mantine/core';
import { RATING_MAX } from '@mend/shared';
import { starsText } from './signoff-rules';

export function RatingStars({
  value,
  label = starsText(value),
  size = 'sm',
}: {
  /** One rating, or an average. */
  value: number;
  /** What the stars say; by default "{value} of 5 stars". */
  label?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  return (
    <Rating
      value={value}
      count={RATING_MAX}
      fractions={10}
      readOnly
      size={size}
      role="img"
      aria-label={label}
      data-rating={value}
    />
  );
}
