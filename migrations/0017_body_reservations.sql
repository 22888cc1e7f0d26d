CREATE TABLE `body_reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`bytes` integer NOT NULL,
	`instance_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `body_reservations_user` ON `body_reservations` (`user_id`);