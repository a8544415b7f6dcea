ALTER TABLE "properties" ADD COLUMN "time_zone" text DEFAULT 'America/Edmonton' NOT NULL;
--> statement-breakpoint
-- Properties from before the zone was asked take their province's or state's zone (the table this replaces,
-- apps/server/src/modules/tickets/time-zones.ts before ADR 0029); any other keeps the default.
UPDATE "properties" SET "time_zone" = CASE
  WHEN lower(trim("province")) IN ('ab', 'alberta', 'nt', 'northwest territories') THEN 'America/Edmonton'
  WHEN lower(trim("province")) IN ('bc', 'british columbia') THEN 'America/Vancouver'
  WHEN lower(trim("province")) IN ('mb', 'manitoba') THEN 'America/Winnipeg'
  WHEN lower(trim("province")) IN ('nb', 'new brunswick') THEN 'America/Moncton'
  WHEN lower(trim("province")) IN ('nl', 'newfoundland and labrador', 'newfoundland') THEN 'America/St_Johns'
  WHEN lower(trim("province")) IN ('ns', 'nova scotia', 'pe', 'prince edward island') THEN 'America/Halifax'
  WHEN lower(trim("province")) IN ('nu', 'nunavut') THEN 'America/Iqaluit'
  WHEN lower(trim("province")) IN ('on', 'ontario', 'qc', 'quebec') THEN 'America/Toronto'
  WHEN lower(trim("province")) IN ('sk', 'saskatchewan') THEN 'America/Regina'
  WHEN lower(trim("province")) IN ('yt', 'yukon') THEN 'America/Whitehorse'
  WHEN lower(trim("province")) IN ('ct', 'connecticut', 'de', 'delaware', 'dc', 'district of columbia', 'fl', 'florida', 'ga', 'georgia', 'me', 'maine', 'md', 'maryland', 'ma', 'massachusetts', 'nh', 'new hampshire', 'nj', 'new jersey', 'ny', 'new york', 'nc', 'north carolina', 'oh', 'ohio', 'pa', 'pennsylvania', 'ri', 'rhode island', 'sc', 'south carolina', 'vt', 'vermont', 'va', 'virginia', 'wv', 'west virginia', 'ky', 'kentucky') THEN 'America/New_York'
  WHEN lower(trim("province")) IN ('mi', 'michigan') THEN 'America/Detroit'
  WHEN lower(trim("province")) IN ('in', 'indiana') THEN 'America/Indiana/Indianapolis'
  WHEN lower(trim("province")) IN ('al', 'alabama', 'ar', 'arkansas', 'il', 'illinois', 'ia', 'iowa', 'ks', 'kansas', 'la', 'louisiana', 'mn', 'minnesota', 'ms', 'mississippi', 'mo', 'missouri', 'ne', 'nebraska', 'nd', 'north dakota', 'ok', 'oklahoma', 'sd', 'south dakota', 'tn', 'tennessee', 'tx', 'texas', 'wi', 'wisconsin') THEN 'America/Chicago'
  WHEN lower(trim("province")) IN ('co', 'colorado', 'mt', 'montana', 'nm', 'new mexico', 'ut', 'utah', 'wy', 'wyoming') THEN 'America/Denver'
  WHEN lower(trim("province")) IN ('id', 'idaho') THEN 'America/Boise'
  WHEN lower(trim("province")) IN ('az', 'arizona') THEN 'America/Phoenix'
  WHEN lower(trim("province")) IN ('ca', 'california', 'nv', 'nevada', 'or', 'oregon', 'wa', 'washington') THEN 'America/Los_Angeles'
  WHEN lower(trim("province")) IN ('ak', 'alaska') THEN 'America/Anchorage'
  WHEN lower(trim("province")) IN ('hi', 'hawaii') THEN 'Pacific/Honolulu'
  ELSE "time_zone"
END;
