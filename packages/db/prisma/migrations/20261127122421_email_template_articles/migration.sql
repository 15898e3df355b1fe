-- The built-in e-mail templates said "A(z) {{orderNumber}}". The renderer now picks "a" or "az" to suit
-- the value, so an article right before a placeholder is written plainly. Other text stays as written.
UPDATE "EmailTemplate"
SET "subject" = regexp_replace("subject", '(^|[^[:alpha:]])([Aa])\(z\)(\s+(<strong>)?\{\{)', '\1\2\3', 'g'),
    "bodyHtml" = regexp_replace("bodyHtml", '(^|[^[:alpha:]])([Aa])\(z\)(\s+(<strong>)?\{\{)', '\1\2\3', 'g')
WHERE "subject" LIKE '%(z)%' OR "bodyHtml" LIKE '%(z)%';
