ALTER TABLE `evidence` ADD `duration_ms` integer;--> statement-breakpoint
UPDATE `evidence` SET `duration_ms` = (SELECT `duration_ms` FROM `media_files` WHERE `media_files`.`id` = `evidence`.`media_id`) WHERE `media_type` IN (3, 4);
