ALTER TABLE `evidence` ADD `client_ref` text;--> statement-breakpoint
CREATE UNIQUE INDEX `evidence_client_ref` ON `evidence` (`user_id`,`client_ref`);