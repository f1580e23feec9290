CREATE TABLE "second_factor_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_factor_challenges" (
	"session_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "second_factor_challenges_purpose" CHECK ("purpose" IN ('passkey-registration', 'passkey-authentication', 'totp-enrolment'))
);
--> statement-breakpoint
CREATE TABLE "second_factor_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "second_factor_sessions_method" CHECK ("method" IN ('passkey', 'totp', 'recovery_code', 'enrolment'))
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"credential_id" text,
	"public_key" "bytea",
	"sign_count" bigint,
	"transports" jsonb,
	"totp_secret" text,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "second_factors_kind" CHECK ("kind" IN ('passkey', 'totp')),
	CONSTRAINT "second_factors_kind_fields" CHECK (("kind" = 'passkey' AND "credential_id" IS NOT NULL AND "public_key" IS NOT NULL AND "sign_count" IS NOT NULL)
        OR ("kind" = 'totp' AND "totp_secret" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "second_factor_recovery_codes" ADD CONSTRAINT "second_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_challenges" ADD CONSTRAINT "second_factor_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_sessions" ADD CONSTRAINT "second_factor_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_sessions" ADD CONSTRAINT "second_factor_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_recovery_codes_user_code_key" ON "second_factor_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_challenges_session_purpose_key" ON "second_factor_challenges" USING btree ("session_id","purpose");--> statement-breakpoint
CREATE INDEX "second_factor_sessions_user_id_idx" ON "second_factor_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "second_factors_user_id_idx" ON "second_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_id_key" ON "second_factors" USING btree ("credential_id");