-- Campaign segments became `{match, conditions}` (decision 024, "Segments"). A stored
-- one-condition segment `{key, value}` becomes one condition on that imported column: its exact
-- equality becomes `is` (which now ignores case); an empty value, which matched an empty
-- column, becomes `is_not_set`. Rows already in the new shape have no `key`, so a second run
-- changes nothing.
UPDATE "email_campaigns"
   SET "segment" = jsonb_build_object(
         'match', 'all',
         'conditions', jsonb_build_array(jsonb_build_object(
           'field', 'attr.' || ("segment" ->> 'key'),
           'operator', CASE WHEN coalesce("segment" ->> 'value', '') = '' THEN 'is_not_set' ELSE 'is' END,
           'value', coalesce("segment" ->> 'value', ''))))
 WHERE jsonb_typeof("segment") = 'object' AND "segment" ? 'key';
