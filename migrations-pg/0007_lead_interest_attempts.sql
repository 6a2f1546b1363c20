CREATE TABLE "lead_interest_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"remote_address" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_interest_attempts_addr_idx" ON "lead_interest_attempts" USING btree ("remote_address","created_at");