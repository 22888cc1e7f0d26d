ALTER TABLE `evidence` ADD `withdrawn_by` integer;--> statement-breakpoint
-- Who recorded each earlier withdrawal, from the audit log's entry for it.
UPDATE `evidence` SET `withdrawn_by` = (
  SELECT `a`.`actor_id` FROM `audit_log` `a`
  WHERE `a`.`action` = 'evidence.withdraw' AND `a`.`target_type` = 'evidence' AND `a`.`target_id` = `evidence`.`id`
  ORDER BY `a`.`id` DESC LIMIT 1
) WHERE `withdrawn_at` IS NOT NULL;--> statement-breakpoint
-- Earlier releases let a publish undo a withdrawal: the participant's instruction is put back, and recorded (the
-- entries are sealed at start like any an instance left unsealed).
INSERT INTO `audit_log` (`at`, `actor_id`, `actor_name`, `action`, `target_type`, `target_id`, `detail`)
SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, 'casefile upgrade', 'evidence.withdrawal-restored', 'evidence', `id`,
  json_object('is_public', json_object('before', json('true'), 'after', json('false')))
FROM `evidence` WHERE `withdrawn_at` IS NOT NULL AND `is_public` = 1 ORDER BY `id`;--> statement-breakpoint
UPDATE `evidence` SET `is_public` = 0 WHERE `withdrawn_at` IS NOT NULL AND `is_public` = 1;
