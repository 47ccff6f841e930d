//! Batch answers: one result or one error per item, so one bad
//! item never fails the batch.

use serde::Serialize;
use tsconv_time::json::{Json, WriteJson};

use super::error::ApiError;

/// The `data` of convert, validate, format, add, round and diff: one
/// result, or a batch.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum OneOrBatch<T> {
    One(T),
    Batch(Batch<T>),
}

/// `data` of a batch: `count` items, `failed` of them errors.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Batch<T> {
    pub count: usize,
    pub failed: usize,
    pub results: Vec<Item<T>>,
}

/// An item's result object, or `{"error": {"code", "message", "error"}}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Item<T> {
    Done(T),
    Failed { error: ItemError },
}

impl<T: WriteJson> WriteJson for OneOrBatch<T> {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        match self {
            OneOrBatch::One(result) => result.write_json(json),
            OneOrBatch::Batch(batch) => {
                json.open("count").integer(batch.count);
                json.key("failed").integer(batch.failed);
                json.key("results").raw(b"[");
                for (i, item) in batch.results.iter().enumerate() {
                    if i > 0 {
                        json.raw(b",");
                    }
                    match item {
                        Item::Done(result) => result.write_json(json)?,
                        Item::Failed { error } => {
                            json.open("error").open("code").integer(error.code);
                            json.key("message").string(&error.message);
                            json.key("error").string(error.error).close().close();
                        }
                    }
                }
                json.raw(b"]").close();
                Ok(())
            }
        }
    }

    fn size_hint(&self) -> usize {
        match self {
            OneOrBatch::One(result) => result.size_hint(),
            OneOrBatch::Batch(batch) => {
                batch.results.iter().take(1).map(|item| batch.results.len() * item_size(item)).sum::<usize>() + 64
            }
        }
    }
}

/// About how many bytes one item of a batch takes (its neighbours are alike).
fn item_size<T: WriteJson>(item: &Item<T>) -> usize {
    match item {
        Item::Done(result) => result.size_hint(),
        Item::Failed { .. } => 128,
    }
}

/// Why one item failed, with the code and kind it would have had alone.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ItemError {
    pub code: u32,
    pub message: String,
    #[schema(value_type = String)]
    pub error: &'static str,
}

impl From<ApiError> for ItemError {
    fn from(error: ApiError) -> Self {
        let (_, code, kind) = error.status_code_kind();
        ItemError { code, message: error.message(), error: kind }
    }
}

/// Batches computed and encoded at once; the others wait their turn
/// (within the request timeout). A batch's answer can reach megabytes, and
/// a thousand clients sending batches at once would otherwise hold a
/// thousand of them in memory before the answer budget (which counts
/// answers being written) sees any; a batch is CPU work, and two cores gain
/// nothing from more than a few at once.
pub const BATCHES_AT_ONCE: usize = 8;

/// Work between two yields to the runtime: a batch gives other requests
/// their turn, and its request timeout a chance to end it. Measured in
/// time, not items: each yield costs the runtime a poll of its sockets (an
/// `epoll_wait` and a reschedule, a few microseconds), which items of a
/// microsecond each paid every 32 items (a sixth of a batch's CPU).
const SLICE: std::time::Duration = std::time::Duration::from_micros(200);

/// Items between two looks at the clock.
const ITEMS_PER_LOOK: usize = 8;

impl<T> Batch<T> {
    /// Runs `operation` on every item (an input, or a pair of them), in
    /// order, yielding to the runtime every `SLICE` of work.
    pub async fn run<I>(
        items: Vec<Result<I, ApiError>>,
        mut operation: impl FnMut(I) -> Result<T, ApiError>,
    ) -> Batch<T> {
        let mut results = Vec::with_capacity(items.len());
        let mut failed = 0;
        let mut slice = std::time::Instant::now();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 && i % ITEMS_PER_LOOK == 0 && slice.elapsed() >= SLICE {
                tokio::task::yield_now().await;
                slice = std::time::Instant::now();
            }
            results.push(match item.and_then(&mut operation) {
                Ok(result) => Item::Done(result),
                Err(error) => {
                    failed += 1;
                    Item::Failed { error: error.into() }
                }
            });
        }
        Batch { count: results.len(), failed, results }
    }
}

#[cfg(test)]
mod tests {
    use proptest::collection::vec;
    use proptest::prelude::*;

    use super::*;
    use tsconv_time::arbitrary;
    use tsconv_time::ops::Report;

    fn item() -> impl Strategy<Value = Item<Report>> {
        prop_oneof![
            arbitrary::report().prop_map(Item::Done),
            (any::<u32>(), any::<String>(), proptest::sample::select(vec!["invalid_timestamp", "out_of_range"]))
                .prop_map(|(code, message, error)| Item::Failed { error: ItemError { code, message, error } }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn a_batch_is_written_as_serde_json_writes_it(items in vec(item(), 0..6), one in arbitrary::report()) {
            let failed = items.iter().filter(|item| matches!(item, Item::Failed { .. })).count();
            for answer in [OneOrBatch::Batch(Batch { count: items.len(), failed, results: items }), OneOrBatch::One(one)] {
                let written = tsconv_time::json::to_vec(&answer).expect("hand-written JSON cannot fail");
                prop_assert_eq!(String::from_utf8(written), String::from_utf8(serde_json::to_vec(&answer).expect("serializable")));
            }
        }
    }
}
