-- CreateIndex
CREATE INDEX "OrderAuditEntry_actorId_createdAt_idx" ON "OrderAuditEntry"("actorId", "createdAt");
